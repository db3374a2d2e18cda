import { describe, expect, it } from 'vitest';

import { parseNatsVersion, replicatedStreamsWarning } from './nats-version.js';

describe('the nats-server version the cluster runs on', () => {
  it('reads what nats-server --version prints', () => {
    expect(parseNatsVersion('nats-server: v2.9.10\n')).toBe('2.9.10');
    expect(parseNatsVersion('nats-server: v2.11.4-beta\n')).toBe('2.11.4');
    expect(parseNatsVersion('no version here')).toBeUndefined();
  });

  it("warns below the chart's 2.11 and for an unreadable version, not from 2.11 on", () => {
    expect(replicatedStreamsWarning('2.9.10')).toMatch(/^nats-server 2\.9\.10 is older than 2\.11\.0/);
    expect(replicatedStreamsWarning('2.10.29')).toMatch(/older than 2\.11\.0/);
    expect(replicatedStreamsWarning(undefined)).toMatch(/version unknown/);
    expect(replicatedStreamsWarning('2.11.0')).toBeUndefined();
    expect(replicatedStreamsWarning('2.12.1')).toBeUndefined();
    expect(replicatedStreamsWarning('3.0.0')).toBeUndefined();
  });
});
