import { describe, expect, it } from 'vitest';

import { SettingError, settingsOf } from './settings.js';

describe('the settings reader', () => {
  it('unset or blank takes the default', () => {
    const s = settingsOf({ BLANK: '  ' });
    expect(s.int('BLANK', 5, { min: 1 })).toBe(5);
    expect(s.int('UNSET', 5)).toBe(5);
    expect(s.bool('UNSET', true)).toBe(true);
    expect(s.duration('UNSET', 60_000, { unit: 's' })).toBe(60_000);
    expect(s.oneOf('UNSET', ['api', 'worker'], 'api')).toBe('api');
    expect(s.url('UNSET')).toBeUndefined();
    expect(s.list('UNSET')).toEqual([]);
    expect(s.string('UNSET', 'x')).toBe('x');
  });

  it('reads good values of every kind', () => {
    const s = settingsOf({
      N: ' 42 ',
      B: 'Yes',
      D: '90',
      D2: '2m',
      E: 'worker',
      U: 'https://a.example/x',
      L: ' a, ,b ',
      F: '0.5',
    });
    expect(s.int('N', 1, { min: 1, max: 100 })).toBe(42);
    expect(s.bool('B', false)).toBe(true);
    expect(s.duration('D', 0, { unit: 's' })).toBe(90_000);
    expect(s.duration('D2', 0)).toBe(120_000);
    expect(s.oneOf('E', ['api', 'worker'], 'api')).toBe('worker');
    expect(s.url('U')?.origin).toBe('https://a.example');
    expect(s.list('L')).toEqual(['a', 'b']);
    expect(s.number('F', 1, { min: 0 })).toBe(0.5);
  });

  it('a bad value throws, naming the variable and its value', () => {
    const s = settingsOf({
      LIMIT: 'ten',
      ZERO: '0',
      FLAG: 'maybe',
      WAIT: '5 minutes',
      ROLE: 'boss',
      SITE: 'ftp://x',
      CUT: '1.5',
      ORIGINS: 'https://a,nope',
    });
    const cases: [string, () => unknown][] = [
      ['LIMIT', () => s.int('LIMIT', 1)],
      ['ZERO', () => s.int('ZERO', 1, { min: 1 })],
      ['FLAG', () => s.bool('FLAG', false)],
      ['WAIT', () => s.duration('WAIT', 1000)],
      ['ROLE', () => s.oneOf('ROLE', ['api', 'worker'], 'api')],
      ['SITE', () => s.url('SITE')],
      ['CUT', () => s.int('CUT', 1)],
      ['ORIGINS', () => s.list('ORIGINS', (o) => URL.canParse(o), 'a URL')],
    ];
    for (const [name, read] of cases) {
      let error: unknown;
      try {
        read();
      } catch (err) {
        error = err;
      }
      expect(error, name).toBeInstanceOf(SettingError);
      expect((error as SettingError).variable).toBe(name);
      expect((error as Error).message).toMatch(new RegExp(`^${name}=`));
    }
  });
});
