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
{{- $reserved := list "APP" "ROLE" "HEALTH_PORT" "MIGRATE_ON_START" "NATS_NKEY_SEED" "BUS_CALLER_SIGNING_KEY" "BUS_CALLER_VERIFY_KEY" "DATABASE_URL" "S3_ACCESS_KEY" "S3_SECRET_KEY" -}}
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
{{- /* The service's own database role and store user (see marketplace.checkCredentials). */}}
{{- if $isDb }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ include "marketplace.dbKey" (dict "appName" .appName "app" $app) }}
{{- end }}
{{- if dig "storage" "enabled" false $app }}
{{- $store := include "marketplace.storageKeys" (dict "appName" .appName "app" $app) | fromYaml }}
- name: S3_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ $store.accessKey }}
- name: S3_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ $store.secretKey }}
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

{{/*
NATS monitoring endpoint (host:port) KEDA reads consumer lag from. The bundled servers' headless
Service: the monitoring port is on no Service (networkPolicy.natsMonitoringFrom admits KEDA), and
KEDA finds each server of a cluster under that name.
*/}}
{{- define "marketplace.natsMonitoringEndpoint" -}}
{{- if .Values.keda.natsMonitoringEndpoint -}}
{{- .Values.keda.natsMonitoringEndpoint -}}
{{- else if .Values.nats.enabled -}}
{{- printf "%s-nats-headless.%s.svc:8222" .Release.Name .Release.Namespace -}}
{{- else -}}
{{- fail "keda.natsMonitoringEndpoint is required for KEDA ScaledObjects when nats.enabled=false (host:port of your NATS monitoring port)" -}}
{{- end -}}
{{- end -}}

{{/* Upper-case form of an app's name in Secret keys and variables: files-v2 -> FILES_V2. */}}
{{- define "marketplace.appKey" -}}
{{- . | upper | replace "-" "_" -}}
{{- end -}}

{{/* Secret key of a database app's own URL. Context: dict appName, app. */}}
{{- define "marketplace.dbKey" -}}
{{- dig "database" "secretKey" "" .app | default (printf "%s_DATABASE_URL" (include "marketplace.appKey" .appName)) -}}
{{- end -}}

{{/* The PostgreSQL schema a database app owns (the service's name, as service-kit names it). Context: dict appName, app. */}}
{{- define "marketplace.dbSchema" -}}
{{- dig "database" "schema" "" .app | default .appName -}}
{{- end -}}

{{/* Secret keys of a store user's key pair, as YAML {accessKey, secretKey}. Context: dict appName, app. */}}
{{- define "marketplace.storageKeys" -}}
{{- $k := include "marketplace.appKey" .appName -}}
accessKey: {{ dig "storage" "accessKeyKey" "" .app | default (printf "%s_S3_ACCESS_KEY" $k) }}
secretKey: {{ dig "storage" "secretKeyKey" "" .app | default (printf "%s_S3_SECRET_KEY" $k) }}
{{- end -}}

{{/* Prefix of the roles the chart names: databaseRoles.rolePrefix, else "<fullname>_". */}}
{{- define "marketplace.rolePrefix" -}}
{{- .Values.databaseRoles.rolePrefix | default (printf "%s_" (include "marketplace.fullname" . | replace "-" "_")) -}}
{{- end -}}

{{/* The user a postgres:// URL logs in as (still URL-encoded); empty for an empty URL. */}}
{{- define "marketplace.urlUser" -}}
{{- if . -}}{{- (urlParse .).userinfo | splitList ":" | first -}}{{- end -}}
{{- end -}}

{{/* The enabled apps with a database, as a YAML list of names ("[]" when none). */}}
{{- define "marketplace.databaseApps" -}}
{{- $names := list -}}
{{- range $name, $app := .Values.apps -}}
{{- if and $app $app.enabled (dig "database" "enabled" false $app) }}{{ $names = append $names $name }}{{ end -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/* The enabled apps with an object-store user, as a YAML list of names ("[]" when none). */}}
{{- define "marketplace.storageApps" -}}
{{- $names := list -}}
{{- range $name, $app := .Values.apps -}}
{{- if and $app $app.enabled (dig "storage" "enabled" false $app) }}{{ $names = append $names $name }}{{ end -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/*
Each store user's policy (S3/IAM JSON, one line), as YAML {app: policy}: read, write and delete
under its readWrite prefixes (multipart uploads listed and aborted there too), read under its
readOnly ones, and list only those prefixes of the bucket (config.S3_BUCKET), plus the bucket's
unfinished multipart uploads for a user that writes.
*/}}
{{- define "marketplace.storagePolicies" -}}
{{- $bucket := .Values.config.S3_BUCKET | default "marketplace-files" -}}
{{- $out := dict -}}
{{- range $app := include "marketplace.storageApps" . | fromYamlArray -}}
{{- $s := (index $.Values.apps $app).storage -}}
{{- $readWrite := default (list) $s.readWrite -}}
{{- $readOnly := default (list) $s.readOnly -}}
{{- if not (or $readWrite $readOnly) -}}
{{- fail (printf "apps.%s.storage.readWrite or .readOnly is required: the key prefixes (e.g. %s/) its store user may use" $app $app) -}}
{{- end -}}
{{- $statements := list -}}
{{- $objects := list -}}
{{- range $readWrite }}{{ $objects = append $objects (printf "arn:aws:s3:::%s/%s*" $bucket .) }}{{ end -}}
{{- if $objects -}}
{{- $statements = append $statements (dict "Sid" "ReadWrite" "Effect" "Allow" "Action" (list "s3:GetObject" "s3:PutObject" "s3:DeleteObject" "s3:AbortMultipartUpload" "s3:ListMultipartUploadParts") "Resource" $objects) -}}
{{- /* Sweeping its abandoned multipart uploads lists them on the bucket (S3 has no prefix condition for that list); aborting one stays limited to its prefixes above. */ -}}
{{- $statements = append $statements (dict "Sid" "Uploads" "Effect" "Allow" "Action" (list "s3:ListBucketMultipartUploads") "Resource" (list (printf "arn:aws:s3:::%s" $bucket))) -}}
{{- end -}}
{{- $read := list -}}
{{- range $readOnly }}{{ $read = append $read (printf "arn:aws:s3:::%s/%s*" $bucket .) }}{{ end -}}
{{- if $read -}}
{{- $statements = append $statements (dict "Sid" "ReadOnly" "Effect" "Allow" "Action" (list "s3:GetObject") "Resource" $read) -}}
{{- end -}}
{{- $listed := list -}}
{{- range concat $readWrite $readOnly }}{{ $listed = append $listed (printf "%s*" .) }}{{ end -}}
{{- $statements = append $statements (dict "Sid" "List" "Effect" "Allow" "Action" (list "s3:ListBucket") "Resource" (list (printf "arn:aws:s3:::%s" $bucket)) "Condition" (dict "StringLike" (dict "s3:prefix" $listed))) -}}
{{- $_ := set $out $app (dict "Version" "2012-10-17" "Statement" $statements | toJson) -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/*
Per-service credentials the chart makes, when the operator gave none: a database URL per database
app (the admin's URL with the role <rolePrefix><app> and a password; roles made by the
database-roles Job) and, for the bundled MinIO, a store key pair per store user (users made by the
storage-users Job). Passwords are generated once and kept from the installed Secret on upgrades;
within one render they are remembered in .Values, so the Secret and the hook Jobs' copy agree.
Context: dict root, data (the keys known so far). Returns YAML (key: value).
*/}}
{{- define "marketplace.generatedCredentials" -}}
{{- $v := .root.Values -}}
{{- if not (hasKey $v.secret "generatedCredentials") -}}
{{- $installed := (lookup "v1" "Secret" .root.Release.Namespace (include "marketplace.secretName" .root)) | default dict -}}
{{- $old := $installed.data | default dict -}}
{{- $made := dict -}}
{{- $admin := index .data $v.databaseRoles.adminSecretKey | default "" -}}
{{- range $name, $app := $v.apps -}}
{{- if and $app $app.enabled -}}
{{- $dbKey := include "marketplace.dbKey" (dict "appName" $name "app" $app) -}}
{{- if and (dig "database" "enabled" false $app) $v.databaseRoles.enabled $admin (not (index $.data $dbKey)) -}}
{{- $role := printf "%s%s" (include "marketplace.rolePrefix" $.root) ($name | replace "-" "_") -}}
{{- $password := randAlphaNum 32 -}}
{{- with index $old $dbKey -}}
{{- $previous := (urlParse (b64dec .)).userinfo -}}
{{- if hasPrefix (printf "%s:" $role) $previous }}{{ $password = trimPrefix (printf "%s:" $role) $previous }}{{ end -}}
{{- end -}}
{{- $url := urlParse $admin -}}
{{- $_ := set $url "userinfo" (printf "%s:%s" $role $password) -}}
{{- $_ := set $made $dbKey (urlJoin $url) -}}
{{- end -}}
{{- if and (dig "storage" "enabled" false $app) $v.minio.enabled -}}
{{- $keys := include "marketplace.storageKeys" (dict "appName" $name "app" $app) | fromYaml -}}
{{- if not (index $.data $keys.accessKey) }}{{ $_ := set $made $keys.accessKey $name }}{{ end -}}
{{- if not (index $.data $keys.secretKey) -}}
{{- $_ := set $made $keys.secretKey (ternary (b64dec (index $old $keys.secretKey | default "")) (randAlphaNum 40) (hasKey $old $keys.secretKey)) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- $_ := set $v.secret "generatedCredentials" $made -}}
{{- end -}}
{{- toYaml $v.secret.generatedCredentials -}}
{{- end -}}

{{/*
Keys of the chart-created Secret: secret.data, plus the admin's DATABASE_URL built from the bundled
PostgreSQL and the per-service credentials the chart makes (marketplace.generatedCredentials).
Fails, naming the value, when a key an app references has no value: nothing here falls back to a
default password. Returns YAML (key: value), the admin's key included (only the hook Jobs get it).
*/}}
{{- define "marketplace.secretData" -}}
{{- $v := .Values -}}
{{- $data := deepCopy (default (dict) $v.secret.data) -}}
{{- $adminKey := $v.databaseRoles.adminSecretKey -}}
{{- if and (not (index $data $adminKey)) $v.postgresql.enabled -}}
{{- $pg := $v.postgresql.auth -}}
{{- if $pg.existingSecret -}}
{{- fail (printf "secret.data.%s is required when postgresql.auth.existingSecret is set (the chart cannot read that password)" $adminKey) -}}
{{- end -}}
{{- $password := required "postgresql.auth.password is required (or postgresql.enabled=false and secret.data.DATABASE_URL for your own server)" $pg.password -}}
{{- $_ := set $data $adminKey (printf "postgres://%s:%s@%s-postgresql:5432/%s" ($pg.username | urlquery) ($password | urlquery) .Release.Name $pg.database) -}}
{{- end -}}
{{- $databaseApps := include "marketplace.databaseApps" . | fromYamlArray -}}
{{- if and $databaseApps $v.databaseRoles.enabled (not (index $data $adminKey)) -}}
{{- fail (printf "secret.data.%s is required: the admin's postgres:// URL, with which the hook Jobs create each service's role and run the migrations (or postgresql.enabled with postgresql.auth.password, or secret.existingSecret)" $adminKey) -}}
{{- end -}}
{{- $made := include "marketplace.generatedCredentials" (dict "root" . "data" $data) | fromYaml -}}
{{- $data = merge $data $made -}}
{{- range $name, $app := $v.apps -}}
{{- if and $app $app.enabled -}}
{{- if dig "database" "enabled" false $app -}}
{{- $key := include "marketplace.dbKey" (dict "appName" $name "app" $app) -}}
{{- if not (index $data $key) -}}
{{- fail (printf "secret.data.%s is required by apps.%s.database.secretKey (the service's own postgres:// URL; or databaseRoles.enabled, which makes it, or secret.existingSecret)" $key $name) -}}
{{- end -}}
{{- end -}}
{{- if dig "storage" "enabled" false $app -}}
{{- $keys := include "marketplace.storageKeys" (dict "appName" $name "app" $app) | fromYaml -}}
{{- range list $keys.accessKey $keys.secretKey -}}
{{- if not (index $data .) -}}
{{- fail (printf "secret.data.%s is required by apps.%s.storage: the key of this service's own user on your store, allowed the prefixes in the ConfigMap %s-storage-policies (or minio.enabled, or secret.existingSecret)" . $name (include "marketplace.fullname" $)) -}}
{{- end -}}
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

{{/*
No service shares a credential with another or gets the admin's (unless allowSharedCredentials):
each database app logs in with its own key (never databaseRoles.adminSecretKey) and, where the
chart sees the URLs, its own role (never the admin's); each store user has its own key pair, never
the bundled MinIO's root user. Database and store credentials come only from apps.<app>.database
and apps.<app>.storage, never secretEnv. Renders nothing; fails naming what to set.
*/}}
{{- define "marketplace.checkCredentials" -}}
{{- $v := .Values -}}
{{- range $kind, $entries := dict "apps" $v.apps "workers" $v.workers -}}
{{- range $name, $entry := $entries -}}
{{- range $env := list "DATABASE_URL" "S3_ACCESS_KEY" "S3_SECRET_KEY" -}}
{{- if and $entry (index (default (dict) $entry.secretEnv) $env) -}}
{{- fail (printf "%s.%s.secretEnv.%s: the chart sets %s from apps.%s.%s (its own credentials); remove it from secretEnv" $kind $name $env $env $name (ternary "database.secretKey" "storage.accessKeyKey / storage.secretKeyKey" (eq $env "DATABASE_URL"))) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if not $v.allowSharedCredentials -}}
{{- $adminKey := $v.databaseRoles.adminSecretKey -}}
{{- $data := dict -}}
{{- if not $v.secret.existingSecret }}{{ $data = include "marketplace.secretData" . | fromYaml }}{{ end -}}
{{- $adminUser := include "marketplace.urlUser" (index $data $adminKey | default "") -}}
{{- $rootUser := ternary $v.minio.auth.rootUser "" (and $v.minio.enabled (not $v.minio.auth.existingSecret)) -}}
{{- $seen := dict -}}
{{- range $name, $app := $v.apps -}}
{{- if and $app $app.enabled -}}
{{- if dig "database" "enabled" false $app -}}
{{- $key := include "marketplace.dbKey" (dict "appName" $name "app" $app) -}}
{{- if eq $key $adminKey -}}
{{- fail (printf "apps.%s.database.secretKey is %s, the admin's login (databaseRoles.adminSecretKey): no service gets it. Unset it (%s_DATABASE_URL: a role of its own, with rights on its schema only), or set allowSharedCredentials=true" $name $key (include "marketplace.appKey" $name)) -}}
{{- end -}}
{{- with index $seen (printf "db-key/%s" $key) -}}
{{- fail (printf "apps.%s and apps.%s share the database login in %s: give each service its own key (<APP>_DATABASE_URL, its own role), or set allowSharedCredentials=true" . $name $key) -}}
{{- end -}}
{{- $_ := set $seen (printf "db-key/%s" $key) $name -}}
{{- with include "marketplace.urlUser" (index $data $key | default "") -}}
{{- if eq . $adminUser -}}
{{- fail (printf "secret.data.%s logs apps.%s in as %s, the admin (secret.data.%s): give the service a role of its own (or leave %s unset and the chart makes one), or set allowSharedCredentials=true" $key $name . $adminKey $key) -}}
{{- end -}}
{{- with index $seen (printf "db-user/%s" .) -}}
{{- fail (printf "apps.%s and apps.%s both log in to the database as %s: give each service a role of its own, or set allowSharedCredentials=true" . $name (include "marketplace.urlUser" (index $data $key))) -}}
{{- end -}}
{{- $_ := set $seen (printf "db-user/%s" .) $name -}}
{{- end -}}
{{- end -}}
{{- if dig "storage" "enabled" false $app -}}
{{- $keys := include "marketplace.storageKeys" (dict "appName" $name "app" $app) | fromYaml -}}
{{- range $k := list $keys.accessKey $keys.secretKey -}}
{{- with index $seen (printf "s3-key/%s" $k) -}}
{{- fail (printf "apps.%s and apps.%s share the store key %s: give each service its own user (<APP>_S3_ACCESS_KEY / <APP>_S3_SECRET_KEY), or set allowSharedCredentials=true" . $name $k) -}}
{{- end -}}
{{- end -}}
{{- $_ := set $seen (printf "s3-key/%s" $keys.accessKey) $name -}}
{{- $_ := set $seen (printf "s3-key/%s" $keys.secretKey) $name -}}
{{- with index $data $keys.accessKey -}}
{{- if and $rootUser (eq . $rootUser) -}}
{{- fail (printf "secret.data.%s is the store's root user (minio.auth.rootUser): give apps.%s a user of its own (leave the key unset and the chart makes one), or set allowSharedCredentials=true" $keys.accessKey $name) -}}
{{- end -}}
{{- with index $seen (printf "s3-user/%s" .) -}}
{{- fail (printf "apps.%s and apps.%s share the store user in %s: give each service its own, or set allowSharedCredentials=true" . $name $keys.accessKey) -}}
{{- end -}}
{{- $_ := set $seen (printf "s3-user/%s" .) $name -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
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
