import { describe, expect, it } from 'vitest';

import { kitSql } from './kit-sql.js';
import { boundPerShape, boundStatement, sql } from './typed-query.js';

describe('boundStatement', () => {
  it('builds once, and each call compiles to the text and values a fresh build would', () => {
    let built = 0;
    const build = (v: { consumer: string; eventId: string }) =>
      kitSql
        .insertInto('processed_events')
        .values({ consumer: v.consumer, event_id: v.eventId })
        .onConflict((oc) => oc.doNothing())
        .returning('event_id');
    const statement = boundStatement((v: { consumer: string; eventId: string }) => {
      built += 1;
      return build(v);
    });
    for (const values of [
      { consumer: 'a', eventId: '0193b1a4-0000-7000-8000-000000000001' },
      { consumer: 'b', eventId: '0193b1a4-0000-7000-8000-000000000002' },
    ]) {
      const bound = statement(values).compile();
      const fresh = build(values).compile();
      expect(bound.sql).toBe(fresh.sql);
      expect(bound.parameters).toEqual(fresh.parameters);
    }
    expect(built).toBe(1);
    // One text on every call: the same string, so the statement's prepared name is found at once.
    expect(statement({ consumer: 'c', eventId: 'x' }).compile().sql).toBe(statement({ consumer: 'd', eventId: 'y' }).compile().sql);
  });

  it('keeps the constants the builder wrote beside the bound values, in their places', () => {
    const statement = boundStatement((v: { ids: string[]; limit: number }) =>
      kitSql
        .selectFrom('outbox_events')
        .select('id')
        .where('subject', '=', 'fixed.subject')
        .where(sql<boolean>`id = any(${v.ids}::uuid[])`)
        .limit(v.limit),
    );
    const compiled = statement({ ids: ['i1', 'i2'], limit: 7 }).compile();
    expect(compiled.parameters).toEqual(['fixed.subject', ['i1', 'i2'], 7]);
    expect(compiled.sql).toContain('any($2::uuid[])');
  });

  it('refuses a value read by the builder rather than bound, where it can see it', () => {
    const stringified = boundStatement((v: { envelope: unknown }) =>
      kitSql.insertInto('outbox_events').values({ id: 'i', subject: 's', envelope: JSON.stringify(v.envelope) }),
    );
    expect(() => stringified({ envelope: { a: 1 } }).compile()).toThrow(/"envelope" of a bound statement was read/);
    const branched = boundStatement((v: { subject?: string }) => {
      const q = kitSql.selectFrom('outbox_events').select('id');
      return v.subject ? q : q;
    });
    expect(() => branched({ subject: 's' }).compile()).toThrow(/read subject without binding it/);
  });
});

describe('boundPerShape', () => {
  it('builds once per shape, and binds the values of each call', () => {
    let built = 0;
    const statement = boundPerShape(
      (columns: number, v: { consumer: string }) => {
        built += 1;
        const q = kitSql.selectFrom('processed_events').select('event_id').where('consumer', '=', v.consumer);
        return columns === 2 ? q.select('consumer') : q;
      },
      (columns) => String(columns),
    );
    expect(statement(1, { consumer: 'a' }).compile().parameters).toEqual(['a']);
    expect(statement(1, { consumer: 'b' }).compile().parameters).toEqual(['b']);
    expect(statement(2, { consumer: 'c' }).compile().sql).toContain('"consumer"');
    expect(built).toBe(2);
  });
});
