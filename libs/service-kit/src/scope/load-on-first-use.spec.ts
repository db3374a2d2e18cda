import { describe, expect, it } from 'vitest';

import { loadOnFirstUse } from './load-on-first-use.js';

describe('loadOnFirstUse', () => {
  it('loads nothing until asked, then once for every caller', async () => {
    let loads = 0;
    const load = loadOnFirstUse(async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });
});
