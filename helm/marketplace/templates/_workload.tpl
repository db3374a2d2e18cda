{{/*
Settings of one workload: an api app (apps.<app>) or a worker (workers.<app>,
falling back to apps.<app> for image/env/database and to the chart defaults).
Context: dict root, appName, app, worker (empty dict for api apps).
Returns YAML of the resolved settings.
*/}}
{{- define "marketplace.workload.settings" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $own := ternary .worker .app (not (empty .worker)) -}}
{{- $isWorker := not (empty .worker) -}}
component: {{ ternary (printf "%s-worker" .appName) .appName $isWorker }}
role: {{ ternary "worker" "api" $isWorker }}
isGateway: {{ and (eq .appName "gateway") (not $isWorker) }}
replicas: {{ ternary $own.replicas 1 (hasKey $own "replicas") }}
tmpSizeLimit: {{ default $v.tmpSizeLimit $own.tmpSizeLimit | quote }}
autoscaling: {{ toYaml (default (dict) $own.autoscaling) | nindent 2 }}
resources: {{ toYaml (default $v.resources $own.resources) | nindent 2 }}
nodeSelector: {{ toYaml (default $v.nodeSelector $own.nodeSelector) | nindent 2 }}
tolerations: {{ toYaml (default $v.tolerations $own.tolerations) | nindent 2 }}
affinity: {{ toYaml (default $v.affinity $own.affinity) | nindent 2 }}
topologySpreadConstraints: {{ toYaml (default $v.topologySpreadConstraints $own.topologySpreadConstraints) | nindent 2 }}
podAnnotations: {{ toYaml (mergeOverwrite (deepCopy (default (dict) $v.podAnnotations)) (default (dict) $own.podAnnotations)) | nindent 2 }}
podLabels: {{ toYaml (mergeOverwrite (deepCopy (default (dict) $v.podLabels)) (default (dict) $own.podLabels)) | nindent 2 }}
keda: {{ toYaml (ternary (default (dict) $own.keda) (dict) $isWorker) | nindent 2 }}
{{- /* Replicas are left to whichever autoscaler owns them. */}}
scaled: {{ or (dig "enabled" false (default (dict) $own.autoscaling)) (and $isWorker (dig "keda" "enabled" false $own)) }}
probes:
  {{- if $isWorker }}
  port: health
  livenessPath: /health
  readinessPath: /ready
  {{- else }}
  port: {{ dig "probes" "port" "health" .app }}
  livenessPath: {{ dig "probes" "livenessPath" "/health" .app }}
  readinessPath: {{ dig "probes" "readinessPath" "/ready" .app }}
  {{- end }}
{{- end -}}

{{/*
Deployment of one workload. Context: dict root, appName, app, worker.
*/}}
{{- define "marketplace.deployment" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $s := include "marketplace.workload.settings" . | fromYaml -}}
{{- $ctx := dict "root" $root "component" $s.component -}}
{{- $envCtx := dict "root" $root "appName" .appName "app" .app "worker" (default (dict) .worker) -}}
{{- $image := include "marketplace.image" (dict "root" $root "app" .app) -}}
{{- $pullPolicy := include "marketplace.imagePullPolicy" (dict "root" $root "app" .app) -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "marketplace.componentName" $ctx }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
    marketplace.io/role: {{ $s.role }}
spec:
  {{- if not $s.scaled }}
  replicas: {{ $s.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "marketplace.selectorLabels" $ctx | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 0
      maxSurge: 25%
  template:
    metadata:
      labels:
        {{- include "marketplace.selectorLabels" $ctx | nindent 8 }}
        marketplace.io/role: {{ $s.role }}
        {{- with $s.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        {{- if not $v.secret.existingSecret }}
        checksum/secret: {{ include (print $root.Template.BasePath "/secret.yaml") $root | sha256sum }}
        {{- end }}
        {{- if $v.metrics.podAnnotations }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $v.healthPort | toString | quote }}
        prometheus.io/path: {{ $v.metrics.path | quote }}
        {{- end }}
        {{- with $s.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "marketplace.serviceAccountName" $root }}
      automountServiceAccountToken: {{ $v.serviceAccount.automountServiceAccountToken }}
      {{- with $v.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.podSecurityContext }}
      securityContext:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      terminationGracePeriodSeconds: {{ $v.terminationGracePeriodSeconds }}
      containers:
        - name: {{ .appName }}
          image: {{ $image | quote }}
          imagePullPolicy: {{ $pullPolicy }}
          envFrom:
            - configMapRef:
                name: {{ include "marketplace.configMapName" $root }}
            {{- if dig "storage" "enabled" false .app }}
            - configMapRef:
                name: {{ include "marketplace.configMapName" $root }}-storage
            {{- end }}
          env:
            {{- include "marketplace.env" (merge (dict "role" $s.role) $envCtx) | nindent 12 }}
          ports:
            {{- if $s.isGateway }}
            - name: http
              containerPort: {{ .app.port | default 3000 }}
              protocol: TCP
            {{- end }}
            - name: health
              containerPort: {{ $v.healthPort }}
              protocol: TCP
          startupProbe:
            httpGet:
              path: {{ $s.probes.livenessPath }}
              port: {{ $s.probes.port }}
            {{- toYaml $v.probes.startup | nindent 12 }}
          livenessProbe:
            httpGet:
              path: {{ $s.probes.livenessPath }}
              port: {{ $s.probes.port }}
            {{- toYaml $v.probes.liveness | nindent 12 }}
          readinessProbe:
            httpGet:
              path: {{ $s.probes.readinessPath }}
              port: {{ $s.probes.port }}
            {{- toYaml $v.probes.readiness | nindent 12 }}
          {{- with $v.securityContext }}
          securityContext:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          resources:
            {{- toYaml $s.resources | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            {{- with $s.tmpSizeLimit }}
            sizeLimit: {{ . }}
            {{- end }}
      {{- with $s.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- tpl (toYaml .) $root | nindent 8 }}
      {{- end }}
{{- end -}}

{{/*
Service of one workload (health/metrics port; plus http for the gateway).
*/}}
{{- define "marketplace.service" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $s := include "marketplace.workload.settings" . | fromYaml -}}
{{- $ctx := dict "root" $root "component" $s.component -}}
{{- $svc := ternary (dict) (default (dict) .app.service) (eq $s.role "worker") -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "marketplace.componentName" $ctx }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
    marketplace.io/role: {{ $s.role }}
  {{- with $svc.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ $svc.type | default "ClusterIP" }}
  selector:
    {{- include "marketplace.selectorLabels" $ctx | nindent 4 }}
  ports:
    {{- if $s.isGateway }}
    - name: http
      port: {{ $svc.port | default 80 }}
      targetPort: http
      protocol: TCP
    {{- end }}
    - name: health
      port: {{ $v.healthPort }}
      targetPort: health
      protocol: TCP
{{- end -}}

{{/*
HorizontalPodAutoscaler of one workload (when autoscaling.enabled).
*/}}
{{- define "marketplace.hpa" -}}
{{- $root := .root -}}
{{- $s := include "marketplace.workload.settings" . | fromYaml -}}
{{- $ctx := dict "root" $root "component" $s.component -}}
{{- $a := $s.autoscaling -}}
{{- /* A worker scaled by KEDA gets no HPA: KEDA creates its own from the ScaledObject. */ -}}
{{- if and $a.enabled (not $s.keda.enabled) -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "marketplace.componentName" $ctx }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "marketplace.componentName" $ctx }}
  minReplicas: {{ $a.minReplicas | default 1 }}
  maxReplicas: {{ required (printf "autoscaling.maxReplicas is required for %s" $s.component) $a.maxReplicas }}
  metrics:
    {{- if or $a.targetCPUUtilizationPercentage (not $a.targetMemoryUtilizationPercentage) }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $a.targetCPUUtilizationPercentage | default 70 }}
    {{- end }}
    {{- with $a.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ . }}
    {{- end }}
  {{- with $a.behavior }}
  behavior:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
{{- end -}}

{{/*
PodDisruptionBudget of one workload (when podDisruptionBudget.enabled and it
may run more than one pod).
*/}}
{{- define "marketplace.pdb" -}}
{{- $root := .root -}}
{{- $s := include "marketplace.workload.settings" . | fromYaml -}}
{{- $ctx := dict "root" $root "component" $s.component -}}
{{- $pdb := $root.Values.podDisruptionBudget -}}
{{- if and $pdb.enabled (or $s.scaled (gt (int $s.replicas) 1)) -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "marketplace.componentName" $ctx }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  {{- if hasKey $pdb "minAvailable" }}
  minAvailable: {{ $pdb.minAvailable }}
  {{- else }}
  maxUnavailable: {{ $pdb.maxUnavailable | default 1 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "marketplace.selectorLabels" $ctx | nindent 6 }}
{{- end -}}
{{- end -}}

{{/*
KEDA ScaledObject of one worker (when workers.<app>.keda.enabled): one nats-jetstream trigger per
queue consumer of the app's work stream, so the worker grows with the items waiting and shrinks
back when they are done. Context: dict root, appName, app, worker.
*/}}
{{- define "marketplace.scaledObject" -}}
{{- $root := .root -}}
{{- $s := include "marketplace.workload.settings" . | fromYaml -}}
{{- $ctx := dict "root" $root "component" $s.component -}}
{{- $k := mergeOverwrite (deepCopy (omit $root.Values.keda "natsMonitoringEndpoint" "account")) (default (dict) $s.keda) -}}
{{- if and (eq $s.role "worker") $k.enabled -}}
{{- $queues := required (printf "workers.%s.queues is required for its ScaledObject: the durable consumer of each queue (<queue>-v<version>)" .appName) .worker.queues -}}
apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: {{ include "marketplace.componentName" $ctx }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "marketplace.componentName" $ctx }}
  minReplicaCount: {{ $k.minReplicaCount | default 0 }}
  maxReplicaCount: {{ required (printf "workers.%s.keda.maxReplicaCount is required" .appName) $k.maxReplicaCount }}
  pollingInterval: {{ $k.pollingInterval }}
  cooldownPeriod: {{ $k.cooldownPeriod }}
  triggers:
    {{- range $queues }}
    - type: nats-jetstream
      metadata:
        natsServerMonitoringEndpoint: {{ include "marketplace.natsMonitoringEndpoint" $root | quote }}
        account: {{ $root.Values.keda.account | quote }}
        stream: {{ printf "WORK_%s" ($.appName | upper | replace "-" "_") | quote }}
        consumer: {{ . | quote }}
        lagThreshold: {{ $k.lagThreshold | toString | quote }}
        activationLagThreshold: {{ $k.activationLagThreshold | toString | quote }}
    {{- end }}
{{- end -}}
{{- end -}}

{{/*
Migration Job of one database app: ROLE=migrate, as a hook before the release's pods change (after
the database-roles Job, which gives the service's role its rights on what the migrations create).
Context: dict root, appName, app.
*/}}
{{- define "marketplace.migrationJob" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $s := include "marketplace.workload.settings" (merge (dict "worker" (dict)) .) | fromYaml -}}
{{- $ctx := dict "root" $root "component" (printf "%s-migrate" .appName) -}}
{{- $secretName := ternary $v.secret.existingSecret (printf "%s-migrate" (include "marketplace.fullname" $root)) (not (empty $v.secret.existingSecret)) -}}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ include "marketplace.componentName" $ctx }}
  labels:
    {{- include "marketplace.labels" $ctx | nindent 4 }}
    marketplace.io/role: migrate
  annotations:
    helm.sh/hook: {{ include "marketplace.migrationHook" $root }}
    helm.sh/hook-weight: "0"
    helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
spec:
  backoffLimit: {{ $v.migrations.backoffLimit }}
  activeDeadlineSeconds: {{ $v.migrations.activeDeadlineSeconds }}
  template:
    metadata:
      labels:
        {{- include "marketplace.selectorLabels" $ctx | nindent 8 }}
        marketplace.io/role: migrate
    spec:
      restartPolicy: Never
      serviceAccountName: {{ include "marketplace.serviceAccountName" $root }}
      automountServiceAccountToken: false
      {{- with $v.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.podSecurityContext }}
      securityContext:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: migrate
          image: {{ include "marketplace.image" (dict "root" $root "app" .app) | quote }}
          imagePullPolicy: {{ include "marketplace.imagePullPolicy" (dict "root" $root "app" .app) }}
          env:
            - name: APP
              value: {{ .appName | quote }}
            - name: ROLE
              value: "migrate"
            {{- /* Inline, not from the ConfigMap: on install the hook runs before the ConfigMap exists. No
              S3_* setting: migrations need no store, and a service given one (S3_BUCKET, say) without
              S3_ENDPOINT and its keys refuses to start (found by deploy/src/cluster/chart-run.ts). */}}
            {{- $env := mergeOverwrite (deepCopy (omit $v.config "NATS_URL" "PUBLIC_URL" "APP" "ROLE" "DATABASE_URL")) (omit (default (dict) .app.env) "APP" "ROLE" "DATABASE_URL") }}
            {{- range $name, $value := $env }}
            {{- if and (not (kindIs "invalid" $value)) (not (hasPrefix "S3_" $name)) }}
            - name: {{ $name }}
              value: {{ $value | toString | quote }}
            {{- end }}
            {{- end }}
            {{- /* As the admin when the chart manages the roles (the admin owns the schemas; the service's role only reads and writes), else as the service's own role. */}}
            - name: DATABASE_URL
              valueFrom:
                secretKeyRef:
                  name: {{ $secretName }}
                  key: {{ ternary $v.databaseRoles.adminSecretKey (include "marketplace.dbKey" .) (not (not $v.databaseRoles.enabled)) }}
            {{- with (dig "secretEnv" "DATA_ENCRYPTION_KEY" "" .app) }}
            {{- /* Its migrations seal secrets existing rows hold in the clear (optional: needed only when there are such rows). */}}
            - name: DATA_ENCRYPTION_KEY
              valueFrom:
                secretKeyRef:
                  name: {{ $secretName }}
                  key: {{ . }}
                  optional: true
            {{- end }}
          {{- with $v.securityContext }}
          securityContext:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          resources:
            {{- toYaml (default $s.resources $v.migrations.resources) | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir: {}
      {{- with $s.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $s.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end -}}

{{/*
Hook phases of the migration Jobs: before the release's pods on install and upgrade, except when
the bundled PostgreSQL is itself created by the install (then right after it, retried until it answers).
*/}}
{{- define "marketplace.migrationHook" -}}
{{- ternary "post-install,pre-upgrade" "pre-install,pre-upgrade" (not (not .Values.postgresql.enabled)) -}}
{{- end -}}
