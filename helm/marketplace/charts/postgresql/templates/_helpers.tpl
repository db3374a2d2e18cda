{{/* The Service name the parent chart builds DATABASE_URL from: "<release>-postgresql". */}}
{{- define "postgresql.fullname" -}}
{{- printf "%s-postgresql" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "postgresql.labels" -}}
app.kubernetes.io/name: postgresql
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: database
{{- end -}}

{{- define "postgresql.secretName" -}}
{{- default (include "postgresql.fullname" .) .Values.auth.existingSecret -}}
{{- end -}}
