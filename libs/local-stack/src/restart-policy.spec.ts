import { describe, expect, it } from 'vitest';

import { DEFAULT_RESTART_POLICY, RestartPolicy } from './restart-policy.js';

/** A policy on a clock the test moves. */
function policyAt(start = 0): { policy: RestartPolicy; advance: (ms: number) => void } {
  let now = start;
  return {
    policy: new RestartPolicy(DEFAULT_RESTART_POLICY, () => now),
    advance: (ms) => {
      now += ms;
    },
  };
}

describe('the restart policy', () => {
  it('waits 0.5 s before the first restart and doubles the wait after each crash, up to 10 s', () => {
    // Runs lasting 20 s: never healthy long enough to reset, never five crashes within a minute.
    const { policy, advance } = policyAt();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      advance(20_000);
      const decision = policy.crashed();
      if (!decision.restart) throw new Error(`gave up at crash ${i + 1}`);
      delays.push(decision.delayMs);
      policy.started();
    }
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('gives up at the fifth crash within a minute', () => {
    const { policy, advance } = policyAt();
    const decisions = [];
    for (let i = 0; i < 5; i++) {
      advance(3000);
      decisions.push(policy.crashed());
      policy.started();
    }
    expect(decisions.map((d) => d.restart)).toEqual([true, true, true, true, false]);
    expect(decisions.at(-1)).toEqual({ restart: false, crashes: 5 });
  });

  it('forgets crashes older than a minute', () => {
    const { policy, advance } = policyAt();
    for (let i = 0; i < 4; i++) {
      advance(1000);
      policy.crashed();
    }
    advance(60_000);
    expect(policy.crashed()).toMatchObject({ restart: true, crashes: 1 });
  });

  it('starts the backoff over after a run that lasted a minute', () => {
    const { policy, advance } = policyAt();
    advance(1000);
    expect(policy.crashed()).toMatchObject({ delayMs: 500 });
    policy.started();
    advance(1000);
    expect(policy.crashed()).toMatchObject({ delayMs: 1000 });
    policy.started();
    advance(60_000);
    expect(policy.crashed()).toMatchObject({ delayMs: 500 });
  });

  it('starts afresh when started by hand after giving up', () => {
    const { policy, advance } = policyAt();
    for (let i = 0; i < 5; i++) policy.crashed();
    advance(1000);
    policy.reset();
    expect(policy.crashed()).toEqual({ restart: true, delayMs: 500, crashes: 1 });
  });
});
