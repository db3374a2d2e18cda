import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { type ChartObjects, containerEnv, expand } from './chart-env.js';
import { mapPathsInText, materializeVolumes, type Workload } from './chart-workloads.js';
import type { ClusterHost } from './cluster-network.js';

/** One pod of a workload: its own network namespace (a pod's own address), on one of the three hosts. */
export interface ChartPod {
  name: string;
  workload: Workload;
  host: ClusterHost;
  /** h1, h2 or h3: the node it is scheduled on. */
  node: string;
  dir: string;
}

export interface PodCommand {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface PodContext {
  rootDir: string;
  /** Holds `node`, a link to this Node 24 (the image's /usr/local/bin/node). */
  binDir: string;
  natsBinary: string;
  objects: ChartObjects;
  imageEnv: Record<string, string>;
}

// The official Node image's PATH, with the run's bin folder (node) first.
const IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export function isProductImage(image: string): boolean {
  return !/^(nats|postgres|minio\/minio|minio\/mc)[:@]/.test(image);
}

/**
 * The program a pod's container runs, with the environment the chart gives it. The product image's
 * ENTRYPOINT (dumb-init, then docker/entrypoint.sh) is run as that same script from the repository:
 * APP_ROOT, the script's own setting for where /app is, names the repository root, whose built
 * apps/<app>/dist/main.bundle.js and node_modules have the image's layout; `node` is this Node 24.
 * Only the pod's /tmp is not its own: without a mount namespace it is the machine's.
 */
export async function podCommand(pod: ChartPod, ctx: PodContext): Promise<PodCommand> {
  const { workload } = pod;
  const image = workload.container.image;
  const imageEnv = isProductImage(image) ? ctx.imageEnv : {};
  const env = containerEnv(`${workload.kind} ${workload.name}`, workload.container, ctx.objects, { name: pod.name, imageEnv });
  const map = await materializeVolumes(workload, ctx.objects, pod.dir);
  const words = (list: readonly string[] | undefined) => (list ?? []).map((a) => map(expand(a, env)).replace(/=(\/[^\s]*)/, (_, p: string) => `=${map(p)}`));
  const base = { PATH: `${ctx.binDir}:${IMAGE_PATH}`, ...env };
  if (isProductImage(image)) {
    const entry = workload.container.command ? words(workload.container.command) : ['/bin/sh', join(ctx.rootDir, 'docker/entrypoint.sh')];
    return { command: entry[0]!, args: [...entry.slice(1), ...words(workload.container.args)], env: { ...base, APP_ROOT: ctx.rootDir } };
  }
  if (image.startsWith('nats:')) {
    // The image's entrypoint runs nats-server with the arguments; the config's paths are the pod's.
    const args = words(workload.container.args);
    const config = args[args.indexOf('--config') + 1];
    if (config) await writeFile(config, mapPathsInText(await readFile(config, 'utf8'), workload, map));
    return { command: ctx.natsBinary, args, env: { ...(process.env as Record<string, string>), GOMAXPROCS: '1', ...env } };
  }
  if (workload.container.command?.[0] === 'psql') {
    const args = words(workload.container.args);
    if (onPath('psql')) return { command: 'psql', args, env: base };
    return { command: process.execPath, args: [join(ctx.rootDir, 'deploy/dist/cluster/chart-psql.js'), ...args], env: base };
  }
  throw new Error(`${workload.kind} ${workload.name}: no way to run image ${image} here`);
}

function onPath(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The port a readiness probe names (a number, or a container port's name). */
export function probeUrl(pod: ChartPod, probe = pod.workload.container.readinessProbe): string | undefined {
  const get = probe?.httpGet;
  if (!get) return undefined;
  const port = typeof get.port === 'number' ? get.port : pod.workload.container.ports?.find((p) => p.name === get.port)?.containerPort;
  if (port === undefined) throw new Error(`${pod.workload.name}: readiness probe names port ${String(get.port)}, which the container does not declare`);
  return `http://${pod.host.address}:${port}${get.path}`;
}
