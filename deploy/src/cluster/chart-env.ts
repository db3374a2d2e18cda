import type { Manifest } from '../helm/render-chart.js';

/** A container as the chart renders it (only what the run reads). */
export interface ChartContainer {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  envFrom?: Array<{ configMapRef?: { name: string; optional?: boolean }; secretRef?: { name: string; optional?: boolean }; prefix?: string }>;
  ports?: Array<{ name?: string; containerPort: number }>;
  readinessProbe?: { httpGet?: { path: string; port: number | string } };
  volumeMounts?: Array<{ name: string; mountPath: string; subPath?: string }>;
}

interface KeyRef {
  name: string;
  key: string;
  optional?: boolean;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef; fieldRef?: { fieldPath: string } };
}

/** The Secrets and ConfigMaps a pod can read: the rendered ones and those the operator made beforehand. */
export interface ChartObjects {
  secrets: Map<string, Record<string, string>>;
  configMaps: Map<string, Record<string, string>>;
}

export function chartObjects(manifests: readonly Manifest[], existingSecrets: Record<string, Record<string, string>>): ChartObjects {
  const secrets = new Map(Object.entries(existingSecrets));
  const configMaps = new Map<string, Record<string, string>>();
  for (const m of manifests) {
    if (m.kind === 'Secret') {
      // As the API server stores a Secret: data is base64, stringData plain and wins on a clash.
      const data = Object.fromEntries(Object.entries((m.data ?? {}) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]));
      secrets.set(m.metadata.name, { ...data, ...((m.stringData ?? {}) as Record<string, string>) });
    }
    if (m.kind === 'ConfigMap') configMaps.set(m.metadata.name, { ...((m.data ?? {}) as Record<string, string>) });
  }
  return { secrets, configMaps };
}

/**
 * A container's environment as the kubelet builds it: the image's ENV, then envFrom in order, then
 * env in order (a later entry wins). A reference to a missing Secret, ConfigMap or key that is not
 * optional stops the container from starting on Kubernetes (CreateContainerConfigError); here it
 * throws, naming the workload, the variable and what is missing.
 */
export function containerEnv(
  workload: string,
  container: ChartContainer,
  objects: ChartObjects,
  pod: { name: string; imageEnv: Record<string, string> },
): Record<string, string> {
  const env: Record<string, string> = { ...pod.imageEnv };
  const where = `${workload} (container ${container.name})`;
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    if (!ref) continue;
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const data = (from.configMapRef ? objects.configMaps : objects.secrets).get(ref.name);
    if (!data) {
      if (ref.optional) continue;
      throw new Error(`${where}: envFrom names ${kind} ${ref.name}, which does not exist`);
    }
    for (const [k, v] of Object.entries(data)) env[`${from.prefix ?? ''}${k}`] = v;
  }
  for (const item of container.env ?? []) {
    if (item.valueFrom === undefined) {
      env[item.name] = expand(item.value ?? '', env);
      continue;
    }
    const { secretKeyRef, configMapKeyRef, fieldRef } = item.valueFrom;
    if (fieldRef) {
      env[item.name] = fieldPath(fieldRef.fieldPath, pod.name, where);
      continue;
    }
    const ref = secretKeyRef ?? configMapKeyRef;
    if (!ref) throw new Error(`${where}: ${item.name} has a valueFrom this run does not read`);
    const kind = secretKeyRef ? 'Secret' : 'ConfigMap';
    const value = (secretKeyRef ? objects.secrets : objects.configMaps).get(ref.name)?.[ref.key];
    if (value === undefined) {
      if (ref.optional) continue;
      throw new Error(
        `${where}: ${item.name} needs key ${ref.key} of ${kind} ${ref.name}, which ${(secretKeyRef ? objects.secrets : objects.configMaps).has(ref.name) ? 'lacks it' : 'does not exist'}`,
      );
    }
    env[item.name] = value;
  }
  return env;
}

function fieldPath(path: string, podName: string, where: string): string {
  if (path === 'metadata.name') return podName;
  if (path === 'metadata.namespace') return 'marketplace';
  throw new Error(`${where}: fieldRef ${path} is not one this run fills`);
}

/** Kubernetes' $(VAR) in env values, command and args: a defined variable is replaced, $$ is a literal $. */
export function expand(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name: string | undefined) => {
    if (name === undefined) return '$';
    return env[name] ?? whole;
  });
}

/**
 * The ENV lines of docker/Dockerfile (the image's defaults, before the chart's env), read from the
 * file so a default added there is added here. Values that name a build argument (APP=${APP}) are
 * left out: the chart sets APP on every container.
 */
export function dockerfileEnv(dockerfile: string): Record<string, string> {
  const env: Record<string, string> = {};
  const joined = dockerfile.replace(/\\\n/g, ' ');
  for (const line of joined.split('\n')) {
    const m = /^\s*ENV\s+(.*)$/.exec(line);
    if (!m) continue;
    for (const pair of m[1]!.trim().split(/\s+/)) {
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const value = pair.slice(eq + 1);
      if (!value.includes('${')) env[pair.slice(0, eq)] = value;
    }
  }
  return env;
}
