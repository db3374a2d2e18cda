import { describe, expect, it } from 'vitest';

import { inServiceScope } from './service-scope.js';
import { defineSettings, setting } from './setting-declarations.js';
import { renderSettingsTable, SETTINGS_TABLE_END, SETTINGS_TABLE_START, withSettingsTable } from './settings-table.js';

const demo = defineSettings('demo', 'demo', {
  perDay: setting.int('DEMO_PER_DAY', { default: 10, min: 1, description: 'posts per day' }),
  port: setting.int('DEMO_PORT', { min: 0, max: 65_535, description: 'a port; unset: none' }),
  ratio: setting.number('DEMO_RATIO', { default: 0.5, min: 0, max: 1, description: 'a share' }),
  cap: setting.number('DEMO_CAP', { min: Number.MIN_VALUE, description: 'a cap; unset: none' }),
  on: setting.bool('DEMO_ON', { default: false, description: 'a switch' }),
  sweepMs: setting.duration('DEMO_SWEEP_SECONDS', { default: 60_000, unit: 's', min: 1000, description: 'how often' }),
  name: setting.string('DEMO_NAME', { default: 'demo', description: 'a name' }),
  token: setting.string('DEMO_TOKEN', { secret: true, description: 'a token' }),
  site: setting.url('DEMO_URL', { description: 'a site' }),
  level: setting.oneOf('DEMO_LEVEL', ['low', 'high'], { default: 'low', description: 'a level' }),
  hosts: setting.list('DEMO_HOSTS', { check: (h) => !h.includes(' '), expected: 'a host', readBy: 'demo worker', description: 'hosts' }),
});

describe('declared settings', () => {
  it('reads each declaration through the one rule: unset or blank takes the default', () => {
    expect(demo.read({ DEMO_NAME: '  ' })).toEqual({
      perDay: 10,
      port: undefined,
      ratio: 0.5,
      cap: undefined,
      on: false,
      sweepMs: 60_000,
      name: 'demo',
      token: undefined,
      site: undefined,
      level: 'low',
      hosts: [],
    });
    const set = demo.read({
      DEMO_PER_DAY: '3',
      DEMO_PORT: '0',
      DEMO_CAP: '2.5',
      DEMO_ON: 'yes',
      DEMO_SWEEP_SECONDS: '5',
      DEMO_TOKEN: 't',
      DEMO_URL: 'https://a.example/x',
      DEMO_LEVEL: 'high',
      DEMO_HOSTS: 'a, b,',
    });
    expect(set).toMatchObject({ perDay: 3, port: 0, cap: 2.5, on: true, sweepMs: 5000, token: 't', level: 'high', hosts: ['a', 'b'] });
    expect(set.site?.href).toBe('https://a.example/x');
  });

  it('stops at a set but invalid value, naming the variable', () => {
    expect(() => demo.read({ DEMO_PER_DAY: '0' })).toThrow(/^DEMO_PER_DAY="0" is not valid: expected a whole number of at least 1/);
    expect(() => demo.read({ DEMO_CAP: '0' })).toThrow(/^DEMO_CAP="0"/);
    expect(() => demo.read({ DEMO_LEVEL: 'mid' })).toThrow(/^DEMO_LEVEL="mid" is not valid: expected one of low, high/);
    expect(() => demo.read({ DEMO_HOSTS: 'a b' })).toThrow(/"a b" is not a host/);
    expect(() => demo.read({ DEMO_URL: 'ftp://x' })).toThrow(/^DEMO_URL=/);
  });

  it("reads a service's values once, from the settings of the service it runs for", () => {
    const env = { DEMO_PER_DAY: '4' };
    const first = inServiceScope(env, () => demo());
    expect(first.perDay).toBe(4);
    expect(inServiceScope(env, () => demo())).toBe(first);
    expect(inServiceScope({ DEMO_PER_DAY: '5' }, () => demo()).perDay).toBe(5);
  });

  it('renders one row per variable for the operators, secrets without a default', () => {
    const table = renderSettingsTable([demo]);
    const rows = table.split('\n');
    expect(rows[0]).toBe('| variable | type | default | bounds | secret | read by | description |');
    expect(rows).toHaveLength(2 + demo.declarations.length);
    expect(table).toContain('| `DEMO_PER_DAY` | int | `10` | ≥ 1 |  | demo | posts per day |');
    expect(table).toContain('| `DEMO_SWEEP_SECONDS` | duration | `60s` | ≥ 1s |  | demo | how often |');
    expect(table).toContain('| `DEMO_CAP` | number |  | > 0 |  | demo | a cap; unset: none |');
    expect(table).toContain('| `DEMO_TOKEN` | string |  |  | yes | demo | a token |');
    expect(table).toContain('| `DEMO_HOSTS` | list |  | each a host |  | demo worker | hosts |');
  });

  it('refuses a name declared twice', () => {
    const again = defineSettings('other', 'other', { perDay: setting.int('DEMO_PER_DAY', { default: 1, description: 'again' }) });
    expect(() => renderSettingsTable([demo, again])).toThrow(/DEMO_PER_DAY is declared by demo and by other/);
  });

  it('replaces only what is between the markers', () => {
    const doc = `# Ops\n\nprose\n\n${SETTINGS_TABLE_START}\nold\n${SETTINGS_TABLE_END}\n\nmore prose\n`;
    expect(withSettingsTable(doc, '| t |')).toBe(`# Ops\n\nprose\n\n${SETTINGS_TABLE_START}\n\n| t |\n\n${SETTINGS_TABLE_END}\n\nmore prose\n`);
    expect(() => withSettingsTable('# Ops', '| t |')).toThrow(/markers/);
  });
});
