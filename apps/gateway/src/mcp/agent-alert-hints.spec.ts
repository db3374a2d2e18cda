import { describe, expect, it } from 'vitest';

import { AgentAlertHints } from './agent-alert-hints.js';

const member = '11111111-1111-4111-8111-111111111111';

function hintsAt(start = 1_000) {
  const clock = { t: start };
  return { clock, hints: new AgentAlertHints(() => clock.t) };
}

describe('which MCP results look for pending alerts', () => {
  it('looks for a member it knows nothing about, then stays quiet after a look found none', () => {
    const { clock, hints } = hintsAt();
    const look = hints.beginLook(member);
    expect(look).toBe(1_000);
    clock.t += 5;
    hints.foundNone(member, look!);
    expect(hints.beginLook(member)).toBeUndefined();
    expect(hints.beginLook('22222222-2222-4222-8222-222222222222')).toBeDefined();
  });

  it('an announcement makes the next result look again', () => {
    const { clock, hints } = hintsAt();
    hints.foundNone(member, hints.beginLook(member)!);
    clock.t += 10;
    hints.announce(member);
    expect(hints.beginLook(member)).toBe(clock.t);
  });

  it('an announcement heard while a look was under way keeps the member unquiet', () => {
    const { clock, hints } = hintsAt();
    const look = hints.beginLook(member)!;
    clock.t += 2;
    // The alert committed after the look read the table; its announcement beat the look's answer.
    hints.announce(member);
    clock.t += 2;
    hints.foundNone(member, look);
    expect(hints.beginLook(member)).toBeDefined();
  });

  it('quiet holds for a minute at most without news', () => {
    const { clock, hints } = hintsAt();
    hints.foundNone(member, hints.beginLook(member)!);
    clock.t += 59_000;
    expect(hints.beginLook(member)).toBeUndefined();
    clock.t += 1_001;
    expect(hints.beginLook(member)).toBeDefined();
  });
});
