import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseAnswers } from './bootstrap.queries.js';

/** Medium: the readiness check's statement on a real schema, and on a pool that is gone. */
describe('the readiness statement, against a real schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [], label: 'kit-bootstrap' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  it('answers true while the database answers, and false (never a throw) once it does not', async () => {
    expect(await databaseAnswers(s.ds)).toBe(true);
    expect(await s.ds.transaction((em) => databaseAnswers(em))).toBe(true);
    const gone = new (s.ds.constructor as new (o: typeof s.ds.options) => typeof s.ds)(s.ds.options);
    expect(await databaseAnswers(gone)).toBe(false);
  });
});
