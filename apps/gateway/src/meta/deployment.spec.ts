import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

/** The gateway's block of the Helm chart's values (apps.gateway, up to the next app). */
function gatewayValues(): string {
  const values = readFileSync(fileURLToPath(new URL('../../../../helm/marketplace/values.yaml', import.meta.url)), 'utf8');
  const block = /\n {2}gateway:\n([\s\S]*?)\n {2}[a-z]+:\n/.exec(values.slice(values.indexOf('\napps:')));
  if (!block) throw new Error('apps.gateway not found in values.yaml');
  return block[1]!;
}

describe('the gateway as the Helm chart deploys it', () => {
  it('is probed on its own health server, not on /api/health/ready (503 whenever a backend database is down)', () => {
    const probes = /\n {4}probes:\n((?: {6}.*\n?)+)/.exec(gatewayValues())?.[1] ?? '';
    expect(probes).toMatch(/port: health/);
    expect(probes).toMatch(/readinessPath: \/ready\b/);
    expect(probes).not.toMatch(/\/api\/health\/ready/);
  });

  it('trusts one proxy hop of X-Forwarded-For, not the whole chain', () => {
    const values = gatewayValues();
    expect(values).toMatch(/\n\s+TRUST_PROXY_HOPS: "1"/);
    expect(values).not.toMatch(/\n\s+TRUST_PROXY: /);
  });
});
