import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { Manifest } from '../helm/render-chart.js';
import type { ChartContainer, ChartObjects } from './chart-env.js';

type Volume = {
  name: string;
  configMap?: { name: string; items?: Array<{ key: string; path: string }> };
  secret?: { secretName: string; items?: Array<{ key: string; path: string }> };
  emptyDir?: unknown;
  persistentVolumeClaim?: unknown;
};

/** A Deployment, StatefulSet or Job of the rendered chart: what its pods run, and how many. */
export interface Workload {
  kind: 'Deployment' | 'StatefulSet' | 'Job';
  name: string;
  /** Pods to start: spec.replicas, else the autoscaler's minimum, and at least one. */
  replicas: number;
  /** helm.sh/hook-weight of a hook Job (Jobs of a lower weight run first). */
  hookWeight: number;
  container: ChartContainer;
  volumes: Volume[];
  labels: Record<string, string>;
}

interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: { containers: ChartContainer[]; volumes?: Volume[] };
}

export function workloadsOf(manifests: readonly Manifest[]): Workload[] {
  const minimum = new Map<string, number>();
  for (const m of manifests) {
    const spec = m.spec as { scaleTargetRef?: { name: string }; minReplicas?: number; minReplicaCount?: number } | undefined;
    if ((m.kind === 'HorizontalPodAutoscaler' || m.kind === 'ScaledObject') && spec?.scaleTargetRef) {
      minimum.set(spec.scaleTargetRef.name, Math.max(minimum.get(spec.scaleTargetRef.name) ?? 0, spec.minReplicas ?? spec.minReplicaCount ?? 1));
    }
  }
  const out: Workload[] = [];
  for (const m of manifests) {
    if (m.kind !== 'Deployment' && m.kind !== 'StatefulSet' && m.kind !== 'Job') continue;
    const spec = m.spec as { replicas?: number; template: PodTemplate };
    const [container, ...more] = spec.template.spec.containers;
    if (!container || more.length) throw new Error(`${m.kind} ${m.metadata.name}: this run starts pods of exactly one container`);
    out.push({
      kind: m.kind,
      name: m.metadata.name,
      container,
      volumes: spec.template.spec.volumes ?? [],
      labels: spec.template.metadata?.labels ?? {},
      // A worker KEDA may scale to zero still gets one pod: the run needs every Deployment's process.
      replicas: m.kind === 'Job' ? 1 : Math.max(1, spec.replicas ?? minimum.get(m.metadata.name) ?? 1),
      hookWeight: Number(m.metadata.annotations?.['helm.sh/hook-weight'] ?? 0),
    });
  }
  return out;
}

/**
 * The pod's volumes made as files under `podDir` (a ConfigMap's or Secret's keys, or an empty
 * folder), and the function that maps a path inside the container to the one here. Processes run
 * without a mount namespace, so a path the chart hands a program (a config file, a data folder) is
 * rewritten to its copy under the pod's folder. The product image's own /tmp is the exception (see
 * chart-pods.ts).
 */
export async function materializeVolumes(workload: Workload, objects: ChartObjects, podDir: string): Promise<(path: string) => string> {
  const mounts = [...(workload.container.volumeMounts ?? [])].sort((a, b) => b.mountPath.length - a.mountPath.length);
  for (const mount of mounts) {
    const volume = workload.volumes.find((v) => v.name === mount.name);
    const target = join(podDir, mount.mountPath);
    const source = volume?.configMap
      ? objects.configMaps.get(volume.configMap.name)
      : volume?.secret
        ? objects.secrets.get(volume.secret.secretName)
        : undefined;
    if (volume?.configMap || volume?.secret) {
      if (!source)
        throw new Error(
          `${workload.name}: volume ${mount.name} names ${volume.configMap ? `ConfigMap ${volume.configMap.name}` : `Secret ${volume.secret!.secretName}`}, which does not exist`,
        );
      const items = volume.configMap?.items ?? volume.secret?.items ?? Object.keys(source).map((key) => ({ key, path: key }));
      for (const item of items) {
        if (mount.subPath !== undefined && item.path !== mount.subPath) continue;
        const file = mount.subPath !== undefined ? target : join(target, item.path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, source[item.key] ?? '', { mode: 0o600 });
      }
    } else {
      await mkdir(target, { recursive: true });
    }
  }
  return (path: string) => {
    const mount = mounts.find((m) => path === m.mountPath || path.startsWith(`${m.mountPath}/`));
    return mount ? join(podDir, path) : path;
  };
}

/** Every absolute path in a config file that lies under one of the container's mounts, mapped. */
export function mapPathsInText(text: string, workload: Workload, map: (path: string) => string): string {
  const roots = (workload.container.volumeMounts ?? []).map((m) => m.mountPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!roots.length) return text;
  return text.replace(new RegExp(`(^|[\\s"':=])((?:${roots.join('|')})(?:/[^\\s"']*)?)`, 'gm'), (_, before: string, path: string) => `${before}${map(path)}`);
}
