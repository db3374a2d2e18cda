import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ModelSpend1795708602255 } from '../database/kit-model-spend.migration.js';
import { addModelSpend, takeModelCall } from './models.queries.js';

/** Medium: the model budget's statements on a real model_spend table. */
describe('the model spend statements, against a real schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: [], migrations: [ModelSpend1795708602255], label: 'kit-models' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  const today = async () =>
    (await s.ds.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, calls, usd FROM model_spend`)) as { day: string; calls: number; usd: number }[];

  it('takes calls from today until a cap refuses, and adds what the calls spent', async () => {
    const day = await takeModelCall(s.ds, 2, null);
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await today()).toEqual([{ day, calls: 1, usd: 0 }]);
    expect(await addModelSpend(s.ds, day!, 2, 0.25)).toBe(1);
    expect(await today()).toEqual([{ day, calls: 3, usd: 0.25 }]);
    // Three calls reached a cap of two; no cap on calls, a dollar cap above the spend, still takes.
    expect(await takeModelCall(s.ds, 2, null)).toBeUndefined();
    expect(await takeModelCall(s.ds, null, 1)).toBe(day);
    expect(await takeModelCall(s.ds, null, 0.25)).toBeUndefined();
    expect(await today()).toEqual([{ day, calls: 4, usd: 0.25 }]);
    expect(await addModelSpend(s.ds, '2000-01-01', 1, 1)).toBe(0);
  });
});
