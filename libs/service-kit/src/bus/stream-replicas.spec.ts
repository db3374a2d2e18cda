import { describe, expect, it } from 'vitest';

import { streamReplicas } from './stream-replicas.js';

describe('streamReplicas', () => {
  it('defaults to one copy', () => {
    expect(streamReplicas({})).toBe(1);
    expect(streamReplicas({ JETSTREAM_REPLICAS: ' ' })).toBe(1);
  });
  it('reads the configured count', () => {
    expect(streamReplicas({ JETSTREAM_REPLICAS: '3' })).toBe(3);
  });
  it('refuses counts JetStream cannot keep', () => {
    for (const bad of ['0', '6', '2.5', 'three']) {
      expect(() => streamReplicas({ JETSTREAM_REPLICAS: bad })).toThrow(/JETSTREAM_REPLICAS/);
    }
  });
});
