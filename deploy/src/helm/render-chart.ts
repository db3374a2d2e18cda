import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parseAllDocuments } from 'yaml';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHART = resolve(ROOT, 'helm/marketplace');

/** A rendered Kubernetes object, as parsed from `helm template`. */
export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

let helm: string | undefined;

/** The helm that deploy/scripts/helm-check.sh uses ($HELM, PATH, or the one shipped in an npm package). */
export function helmBinary(): string {
  helm ??=
    process.env.HELM ||
    execFileSync('bash', [resolve(ROOT, 'deploy/scripts/helm-check.sh'), '--which'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
  return helm;
}

export interface RenderOptions {
  /** Files under helm/marketplace/ci (e.g. "minimal-values.yaml") or absolute paths. */
  values?: readonly string[];
  /** --set pairs. */
  set?: Readonly<Record<string, string | number | boolean>>;
  /** Extra helm arguments, e.g. ['--is-upgrade']. */
  args?: readonly string[];
  /**
   * Let the chart generate the gateway's OAuth keys. Off by default: a 4096-bit RSA key costs
   * seconds of CPU per render, so other renders pass placeholder keys.
   */
  generateKeys?: boolean;
}

const PLACEHOLDER_KEYS = { 'secret.data.OAUTH_SIGNING_KEYS': 'placeholder-signing-key', 'secret.data.OAUTH_COOKIE_KEYS': 'placeholder-cookie-key' };

function helmArgs(opts: RenderOptions): string[] {
  const args = ['template', 'marketplace', CHART, '--namespace', 'marketplace'];
  for (const v of opts.values ?? []) args.push('-f', v.startsWith('/') ? v : resolve(CHART, 'ci', v));
  const set = { ...(opts.generateKeys ? {} : PLACEHOLDER_KEYS), ...opts.set };
  for (const [k, v] of Object.entries(set)) args.push('--set', `${k}=${String(v)}`);
  return [...args, ...(opts.args ?? [])];
}

/** Renders the chart and parses every document; throws with helm's message when rendering fails. */
export function renderChart(opts: RenderOptions = {}): Manifest[] {
  const out = spawnSync(helmBinary(), helmArgs(opts), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(out.stderr.trim() || `helm exited with ${out.status}`);
  return parseAllDocuments(out.stdout)
    .map((doc) => {
      if (doc.errors.length) throw new Error(`helm rendered invalid YAML: ${doc.errors[0]!.message}`);
      return doc.toJS() as Manifest | null;
    })
    .filter((m): m is Manifest => m !== null && typeof m === 'object');
}

/** helm's error message when rendering must fail, or undefined when it rendered. */
export function renderError(opts: RenderOptions = {}): string | undefined {
  const out = spawnSync(helmBinary(), helmArgs(opts), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return out.status === 0 ? undefined : out.stderr;
}

export function ofKind(manifests: readonly Manifest[], kind: string): Manifest[] {
  return manifests.filter((m) => m.kind === kind);
}

export function named(manifests: readonly Manifest[], kind: string, name: string): Manifest {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} among ${manifests.map((m) => `${m.kind}/${m.metadata.name}`).join(', ')}`);
  return found;
}
