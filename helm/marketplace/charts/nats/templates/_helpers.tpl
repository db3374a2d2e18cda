{{/* The Service the parent chart builds NATS_URL from: "<release>-nats". */}}
{{- define "nats.fullname" -}}
{{- printf "%s-nats" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "nats.labels" -}}
app.kubernetes.io/name: nats
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: bus
{{- end -}}
