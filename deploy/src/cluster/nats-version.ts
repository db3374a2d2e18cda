import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The version `nats-server --version` reports ("nats-server: v2.9.10" gives "2.9.10"); undefined when it says nothing readable. */
export async function natsServerVersion(binary: string): Promise<string | undefined> {
  const { stdout } = await run(binary, ['--version']);
  return parseNatsVersion(stdout);
}

export function parseNatsVersion(text: string): string | undefined {
  return /v?(\d+\.\d+\.\d+)/.exec(text)?.[1];
}

/** The first version the chart runs (helm/marketplace/charts/nats) and the cluster was checked against. */
const REPLICATED_STREAMS_FROM = [2, 11, 0] as const;

/**
 * Why replicated streams on this server may lose messages, or undefined when the version is one
 * the cluster is meant for. A chaos run on Debian's nats-server 2.9.10 saw one replica of the
 * events stream miss a message after a leader change that followed a host cut, and number every
 * later message one lower than the leader did; consumers led from that replica never saw it
 * (docs/operators.md, "The chaos run").
 */
export function replicatedStreamsWarning(version: string | undefined): string | undefined {
  const parts = version?.split('.').map(Number);
  if (parts && parts.length === 3 && parts.every(Number.isInteger)) {
    for (let i = 0; i < 3; i++) {
      if (parts[i]! > REPLICATED_STREAMS_FROM[i]!) return undefined;
      if (parts[i]! < REPLICATED_STREAMS_FROM[i]!) break;
      if (i === 2) return undefined;
    }
  }
  return (
    `nats-server ${version ?? '(version unknown)'} is older than ${REPLICATED_STREAMS_FROM.join('.')}, the version the chart runs: ` +
    'its replicated streams can fall out of step after a leader change (a replica misses a message its consumers then never deliver), ' +
    "so a chaos run on it may report a missing event delivery that is the server's (docs/operators.md)"
  );
}
