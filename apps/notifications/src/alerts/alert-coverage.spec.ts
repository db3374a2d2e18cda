import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { eventCatalogue } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { EMAIL_SWITCH_OF } from '../channels/email-switches.js';
import { alertConsumers, EVENTS_WITHOUT_ALERTS } from './alert-consumers.js';

const alerted = alertConsumers.map((C) => new (C as unknown as new () => { event: { type: string } })().event.type);
const readme = readFileSync(fileURLToPath(new URL('../../../../docs/members-and-agents.md', import.meta.url)), 'utf8');

/** The notifications table in docs/members-and-agents.md: event -> channels cell. */
function readmeTable(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const m of readme.matchAll(/^\| `([a-z_.]+)` \| [^|]+ \| ([^|]+) \|$/gm)) rows.set(m[1]!, m[2]!.trim());
  return rows;
}

describe('every event kind has an alert', () => {
  it('each event in the catalogue is alerted by a consumer or listed as silent, never both', () => {
    for (const def of eventCatalogue) {
      const consumed = alerted.includes(def.type);
      const silent = def.type in EVENTS_WITHOUT_ALERTS;
      expect(consumed !== silent, `${def.type}: consumed ${consumed}, silent ${silent}`).toBe(true);
    }
  });

  it('the notifications table in docs/members-and-agents.md lists every event with its channels and email switch', () => {
    const table = readmeTable();
    expect([...table.keys()].sort()).toEqual(eventCatalogue.map((d) => d.type).sort());
    for (const [type, channels] of table) {
      if (type in EVENTS_WITHOUT_ALERTS) {
        expect(channels, type).toBe('none');
        continue;
      }
      const email = EMAIL_SWITCH_OF[type];
      expect(channels, type).toBe(email ? `agent, push, email \`${email}\`` : 'agent, push');
    }
  });

  it('names only event kinds that exist in the email switches', () => {
    const types = new Set(eventCatalogue.map((d) => d.type));
    for (const type of Object.keys(EMAIL_SWITCH_OF)) expect(types.has(type), type).toBe(true);
  });
});
