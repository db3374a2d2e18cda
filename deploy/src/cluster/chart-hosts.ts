import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

import type { Manifest } from '../helm/render-chart.js';
import type { Workload } from './chart-workloads.js';
import type { ClusterNetwork } from './cluster-network.js';

const run = promisify(execFile);

/** Where a name of the rendered chart leads: a pod's address on the bridge. */
export type NameTable = Map<string, string>;

/** A Service's name as pods in the release's namespace may write it. */
export function serviceNames(name: string, namespace = 'marketplace'): string[] {
  return [name, `${name}.${namespace}`, `${name}.${namespace}.svc`, `${name}.${namespace}.svc.cluster.local`];
}

/** Each Service of the chart, pointed at the first pod its selector picks (`addressOf` a workload). */
export function serviceTable(manifests: readonly Manifest[], workloads: readonly Workload[], addressOf: (w: Workload) => string | undefined): NameTable {
  const table: NameTable = new Map();
  for (const m of manifests) {
    if (m.kind !== 'Service') continue;
    const selector = (m.spec as { selector?: Record<string, string> } | undefined)?.selector ?? {};
    if (!Object.keys(selector).length) continue;
    const picked = workloads.find((w) => w.kind !== 'Job' && Object.entries(selector).every(([k, v]) => w.labels[k] === v));
    const address = picked && addressOf(picked);
    if (address) for (const n of serviceNames(m.metadata.name)) table.set(n, address);
  }
  return table;
}

/** Host names in URLs of the given settings (servers outside the chart: a managed database, NATS, S3). */
export function urlHosts(values: Iterable<string>): Array<{ scheme: string; host: string }> {
  const out: Array<{ scheme: string; host: string }> = [];
  for (const value of values) {
    for (const url of value.split(',')) {
      const m = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^:/?#\s]+)/i.exec(url.trim());
      if (m && !/^[\d.]+$/.test(m[2]!)) out.push({ scheme: m[1]!.toLowerCase(), host: m[2]!.toLowerCase() });
    }
  }
  return out;
}

/**
 * `ip netns exec NAME` bind-mounts /etc/netns/NAME/hosts over /etc/hosts: each namespace gets one
 * naming the chart's Services and servers at the addresses of the pods that stand for them, as the
 * cluster's DNS would. `publicRoutes` are addresses reached through the bridge (the webhook
 * receiver's public address, held by the bridge itself). Returns the undo.
 */
export async function writeHostsFiles(network: ClusterNetwork, table: NameTable, publicRoutes: string[]): Promise<() => Promise<void>> {
  const lines = [...table].map(([name, address]) => `${address} ${name}`);
  for (const address of publicRoutes) await run('ip', ['addr', 'add', `${address}/32`, 'dev', network.bridge]);
  const dirs: string[] = [];
  for (const host of network.hosts) {
    const dir = join('/etc/netns', host.namespace);
    await mkdir(dir, { recursive: true });
    dirs.push(dir);
    await writeFile(join(dir, 'hosts'), ['127.0.0.1 localhost', '::1 localhost', `${host.address} ${host.name}`, ...lines, ''].join('\n'));
    for (const address of publicRoutes) await run('ip', ['netns', 'exec', host.namespace, 'ip', 'route', 'add', `${address}/32`, 'via', network.bridgeAddress]);
  }
  return async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  };
}
