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
autoscaling: {{ toYaml (default (dict) $own.autoscaling) | nindent 2 }}
resources: {{ toYaml (default $v.resources $own.resources) | nindent 2 }}
nodeSelector: {{ toYaml (default $v.nodeSelector $own.nodeSelector) | nindent 2 }}
tolerations: {{ toYaml (default $v.tolerations $own.tolerations) | nindent 2 }}
affinity: {{ toYaml (default $v.affinity $own.affinity) | nindent 2 }}
topologySpreadConstraints: {{ toYaml (default $v.topologySpreadConstraints $own.topologySpreadConstraints) | nindent 2 }}
podAnnotations: {{ toYaml (mergeOverwrite (deepCopy (default (dict) $v.podAnnotations)) (default (dict) $own.podAnnotations)) | nindent 2 }}
podLabels: {{ toYaml (mergeOverwrite (deepCopy (default (dict) $v.podLabels)) (default (dict) $own.podLabels)) | nindent 2 }}
migrate: {{ and (dig "database" "enabled" false .app) $v.migrations.enabled (or (not $isWorker) $v.migrations.inWorkers) }}
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
  {{- if not $s.autoscaling.enabled }}
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
      {{- if $s.migrate }}
      initContainers:
        - name: migrate
          image: {{ $image | quote }}
          imagePullPolicy: {{ $pullPolicy }}
          envFrom:
            - configMapRef:
                name: {{ include "marketplace.configMapName" $root }}
          env:
            {{- include "marketplace.env" (merge (dict "role" "migrate") $envCtx) | nindent 12 }}
          {{- with $v.securityContext }}
          securityContext:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          resources:
            {{- toYaml (default $s.resources $v.migrations.resources) | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      {{- end }}
      containers:
        - name: {{ .appName }}
          image: {{ $image | quote }}
          imagePullPolicy: {{ $pullPolicy }}
          envFrom:
            - configMapRef:
                name: {{ include "marketplace.configMapName" $root }}
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
            {{- with $v.tmpSizeLimit }}
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
{{- if $a.enabled -}}
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
{{- if and $pdb.enabled (or $s.autoscaling.enabled (gt (int $s.replicas) 1)) -}}
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
