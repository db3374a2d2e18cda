{{/* vim: set filetype=mustache: */}}

{{- define "marketplace.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Fully qualified prefix of resource names. Truncated so that "<fullname>-<component>"
(longest component: "notifications", "drafts-worker") stays within 63 characters.
*/}}
{{- define "marketplace.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 48 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 48 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 48 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "marketplace.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Name of one component's resources. Context: dict root, component. */}}
{{- define "marketplace.componentName" -}}
{{- printf "%s-%s" (include "marketplace.fullname" .root) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels common to every resource. Context: root. */}}
{{- define "marketplace.commonLabels" -}}
helm.sh/chart: {{ include "marketplace.chart" . }}
app.kubernetes.io/part-of: {{ include "marketplace.name" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one component. Context: dict root, component. */}}
{{- define "marketplace.selectorLabels" -}}
app.kubernetes.io/name: {{ include "marketplace.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* All labels of one component. Context: dict root, component. */}}
{{- define "marketplace.labels" -}}
{{ include "marketplace.selectorLabels" . }}
{{ include "marketplace.commonLabels" .root }}
{{- end -}}

{{/* Labels of release-wide resources (ConfigMap, Secret, ServiceAccount, Ingress). Context: root. */}}
{{- define "marketplace.releaseLabels" -}}
app.kubernetes.io/name: {{ include "marketplace.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{ include "marketplace.commonLabels" . }}
{{- end -}}

{{- define "marketplace.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "marketplace.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "marketplace.configMapName" -}}
{{- printf "%s-config" (include "marketplace.fullname" .) -}}
{{- end -}}

{{- define "marketplace.secretName" -}}
{{- if .Values.secret.existingSecret -}}
{{- .Values.secret.existingSecret -}}
{{- else -}}
{{- printf "%s-secret" (include "marketplace.fullname" .) -}}
{{- end -}}
{{- end -}}

{{/*
Image reference. Context: dict root, app (apps.<app> values). apps.<app>.image
overrides image.*; a per-app repository does not inherit the global digest.
*/}}
{{- define "marketplace.image" -}}
{{- $own := default (dict) .app.image -}}
{{- $img := mergeOverwrite (deepCopy .root.Values.image) $own -}}
{{- if and $own.repository (not $own.digest) -}}
{{- $_ := set $img "digest" "" -}}
{{- end -}}
{{- if $img.digest -}}
{{- printf "%s@%s" $img.repository $img.digest -}}
{{- else -}}
{{- printf "%s:%s" $img.repository (toString (default .root.Chart.AppVersion $img.tag)) -}}
{{- end -}}
{{- end -}}

{{- define "marketplace.imagePullPolicy" -}}
{{- $img := mergeOverwrite (deepCopy .root.Values.image) (default (dict) .app.image) -}}
{{- $img.pullPolicy | default "IfNotPresent" -}}
{{- end -}}

{{/*
PUBLIC_URL for the ConfigMap: config.PUBLIC_URL, else publicUrl, else derived
from the first Ingress host (https when a TLS entry lists it). Empty if none.
*/}}
{{- define "marketplace.publicUrl" -}}
{{- if .Values.config.PUBLIC_URL -}}
{{- .Values.config.PUBLIC_URL -}}
{{- else if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- $host := (first .Values.ingress.hosts).host -}}
{{- if $host -}}
{{- $tls := false -}}
{{- range .Values.ingress.tls -}}
{{- if has $host (default (list) .hosts) -}}{{- $tls = true -}}{{- end -}}
{{- end -}}
{{- printf "%s://%s" (ternary "https" "http" $tls) $host -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
Environment of a container (after envFrom the shared ConfigMap).
Context: dict root, appName, app (apps.<app>), worker (workers.<app>, or an empty
dict for the api Deployment), role (api|worker|migrate).
Precedence: chart-set variables, then apps.<app>.env, then workers.<app>.env.
*/}}
{{- define "marketplace.env" -}}
{{- $root := .root -}}
{{- $app := .app -}}
{{- $worker := default (dict) .worker -}}
{{- $secretName := include "marketplace.secretName" $root -}}
{{- $isDb := dig "database" "enabled" false $app -}}
- name: APP
  value: {{ .appName | quote }}
- name: ROLE
  value: {{ .role | quote }}
- name: HEALTH_PORT
  value: {{ $root.Values.healthPort | toString | quote }}
{{- if $isDb }}
- name: MIGRATE_ON_START
  value: {{ ternary "false" "true" (not (not $root.Values.migrations.enabled)) | quote }}
{{- end }}
{{- if eq .appName "gateway" }}
- name: PORT
  value: {{ $app.port | default 3000 | toString | quote }}
{{- end }}
{{- $reserved := list "APP" "ROLE" "HEALTH_PORT" "MIGRATE_ON_START" "NATS_NKEY_SEED" "BUS_CALLER_SIGNING_KEY" "BUS_CALLER_VERIFY_KEY" -}}
{{- if eq .appName "gateway" }}{{ $reserved = concat $reserved (list "PORT") }}{{ end -}}
{{- $env := mergeOverwrite (deepCopy (default (dict) $app.env)) (default (dict) $worker.env) -}}
{{- range $name, $value := $env }}
{{- if and (not (has $name $reserved)) (not (kindIs "invalid" $value)) }}
- name: {{ $name }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end }}
{{- /* The bus: each app's own NATS key, and the caller key its role needs (see values.bus). */}}
{{- $bus := $root.Values.bus }}
- name: NATS_NKEY_SEED
  valueFrom:
    secretKeyRef:
      name: {{ required "bus.existingSecret: create it with `npm run marketplace -- bus credentials` (see docs/operators.md)" $bus.existingSecret }}
      key: {{ printf "NATS_NKEY_SEED_%s" (upper .appName) }}
{{- if eq .appName "gateway" }}
- name: BUS_CALLER_SIGNING_KEY
{{- else }}
- name: BUS_CALLER_VERIFY_KEY
{{- end }}
  valueFrom:
    secretKeyRef:
      name: {{ $bus.existingSecret }}
      key: {{ ternary "BUS_CALLER_SIGNING_KEY" "BUS_CALLER_VERIFY_KEY" (eq .appName "gateway") }}
{{- if $isDb }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ dig "database" "secretKey" "DATABASE_URL" $app }}
{{- end }}
{{- $secretEnv := mergeOverwrite (deepCopy (default (dict) $app.secretEnv)) (default (dict) $worker.secretEnv) -}}
{{- range $name, $key := $secretEnv }}
{{- if $key }}
- name: {{ $name }}
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ $key }}
{{- end }}
{{- end }}
{{- with $root.Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- with $app.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- with $worker.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
Addresses of the servers the apps use: the operator's own when set in config, else the bundled
chart's Service, else a failure naming the value to set.
*/}}
{{- define "marketplace.natsUrl" -}}
{{- if .Values.config.NATS_URL -}}
{{- .Values.config.NATS_URL -}}
{{- else if .Values.nats.enabled -}}
{{- printf "nats://%s-nats:4222" .Release.Name -}}
{{- else -}}
{{- fail "config.NATS_URL is required when nats.enabled=false (your NATS with JetStream, e.g. nats://nats.messaging:4222)" -}}
{{- end -}}
{{- end -}}

{{- define "marketplace.s3Endpoint" -}}
{{- if .Values.config.S3_ENDPOINT -}}
{{- .Values.config.S3_ENDPOINT -}}
{{- else if .Values.minio.enabled -}}
{{- printf "http://%s-minio:9000" .Release.Name -}}
{{- else -}}
{{- fail "config.S3_ENDPOINT is required when minio.enabled=false (your S3 or MinIO, e.g. https://s3.eu-west-1.amazonaws.com)" -}}
{{- end -}}
{{- end -}}

{{/* NATS monitoring endpoint (host:port) KEDA reads consumer lag from. */}}
{{- define "marketplace.natsMonitoringEndpoint" -}}
{{- if .Values.keda.natsMonitoringEndpoint -}}
{{- .Values.keda.natsMonitoringEndpoint -}}
{{- else if .Values.nats.enabled -}}
{{- printf "%s-nats.%s.svc:8222" .Release.Name .Release.Namespace -}}
{{- else -}}
{{- fail "keda.natsMonitoringEndpoint is required for KEDA ScaledObjects when nats.enabled=false (host:port of your NATS monitoring port)" -}}
{{- end -}}
{{- end -}}

{{/*
Keys of the chart-created Secret: secret.data, plus DATABASE_URL and the S3 keys built from the
bundled PostgreSQL and MinIO when those are on and the operator set none. Fails, naming the value,
when a key an app references has no value: nothing here falls back to a default password.
Returns YAML (key: value).
*/}}
{{- define "marketplace.secretData" -}}
{{- $v := .Values -}}
{{- $data := deepCopy (default (dict) $v.secret.data) -}}
{{- if and (not (index $data "DATABASE_URL")) $v.postgresql.enabled -}}
{{- $pg := $v.postgresql.auth -}}
{{- if $pg.existingSecret -}}
{{- fail "secret.data.DATABASE_URL is required when postgresql.auth.existingSecret is set (the chart cannot read that password)" -}}
{{- end -}}
{{- $password := required "postgresql.auth.password is required (or postgresql.enabled=false and secret.data.DATABASE_URL for your own server)" $pg.password -}}
{{- $_ := set $data "DATABASE_URL" (printf "postgres://%s:%s@%s-postgresql:5432/%s" ($pg.username | urlquery) ($password | urlquery) .Release.Name $pg.database) -}}
{{- end -}}
{{- if and $v.minio.enabled (not $v.minio.auth.existingSecret) -}}
{{- if not (index $data "S3_ACCESS_KEY") }}{{ $_ := set $data "S3_ACCESS_KEY" $v.minio.auth.rootUser }}{{ end -}}
{{- if not (index $data "S3_SECRET_KEY") }}{{ $_ := set $data "S3_SECRET_KEY" (required "minio.auth.rootPassword is required (or minio.enabled=false with your own S3 in config.S3_ENDPOINT and secret.data.S3_*)" $v.minio.auth.rootPassword) }}{{ end -}}
{{- end -}}
{{- range $name, $app := $v.apps -}}
{{- if and $app $app.enabled -}}
{{- if dig "database" "enabled" false $app -}}
{{- $key := dig "database" "secretKey" "DATABASE_URL" $app -}}
{{- if not (index $data $key) -}}
{{- fail (printf "secret.data.%s is required by apps.%s.database.secretKey (a postgres:// URL; or postgresql.enabled with postgresql.auth.password, or secret.existingSecret)" $key $name) -}}
{{- end -}}
{{- end -}}
{{- range $env, $key := default (dict) $app.secretEnv -}}
{{- if and $key (not (hasPrefix "OAUTH_" $key)) (ne $key "DATA_ENCRYPTION_KEY") (not (index $data $key)) -}}
{{- fail (printf "secret.data.%s is required by apps.%s.secretEnv.%s (or secret.existingSecret)" $key $name $env) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{- /*
DATA_ENCRYPTION_KEY: the operator's (secret.data), else the installed Secret's, else one generated
for this render and remembered in .Values, so the Secret and the migration Jobs' copy hold the same.
*/ -}}
{{- define "marketplace.dataKey" -}}
{{- $v := .Values -}}
{{- if index (default (dict) $v.secret.data) "DATA_ENCRYPTION_KEY" -}}
{{- index $v.secret.data "DATA_ENCRYPTION_KEY" -}}
{{- else -}}
{{- if not (hasKey $v.secret "generatedDataKey") -}}
{{- $installed := (lookup "v1" "Secret" .Release.Namespace (include "marketplace.secretName" .)) | default dict -}}
{{- $old := $installed.data | default dict -}}
{{- $_ := set $v.secret "generatedDataKey" (ternary (b64dec (index $old "DATA_ENCRYPTION_KEY" | default "")) (randAlphaNum 48) (hasKey $old "DATA_ENCRYPTION_KEY")) -}}
{{- end -}}
{{- $v.secret.generatedDataKey -}}
{{- end -}}
{{- end -}}
