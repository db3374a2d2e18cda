import { describe, expect, it } from 'vitest';

import { kitSql } from './kit-sql.js';
import { compiledPerInput } from './typed-query.js';

describe('compiledPerInput', () => {
  it('builds and compiles a statement once per distinct input, and gives each input its own values', () => {
    let built = 0;
    const statement = compiledPerInput(
      (consumer: string) => {
        built += 1;
        return kitSql.selectFrom('processed_events').select('event_id').where('consumer', '=', consumer);
      },
      (consumer) => consumer,
      2,
    );
    const a = statement('a').compile();
    expect(statement('a').compile()).toBe(a);
    expect(built).toBe(1);
    expect(a.parameters).toEqual(['a']);
    expect(statement('b').compile().parameters).toEqual(['b']);
    expect(statement('b').compile().sql).toBe(a.sql);
    expect(built).toBe(2);
    // Past the cap the oldest goes, and is built again when asked for.
    statement('c').compile();
    statement('a').compile();
    expect(built).toBe(4);
  });
});
