{{/* The Service the parent chart builds S3_ENDPOINT from: "<release>-minio". */}}
{{- define "minio.fullname" -}}
{{- printf "%s-minio" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "minio.labels" -}}
app.kubernetes.io/name: minio
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: storage
{{- end -}}

{{- define "minio.secretName" -}}
{{- default (include "minio.fullname" .) .Values.auth.existingSecret -}}
{{- end -}}
