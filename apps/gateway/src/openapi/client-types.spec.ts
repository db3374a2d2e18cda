import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { clientTypes, CLIENT_TYPES_FILE } from './client-types.js';

describe('the typed client (libs/client)', () => {
  it('is generated from the OpenAPI document as it is now: run `npm run client:types` after changing an operation', async () => {
    const committed = await readFile(CLIENT_TYPES_FILE, 'utf8');
    const fresh = await clientTypes();
    expect(committed === fresh, 'libs/client/src/api-types.ts is stale: run `npm run client:types`').toBe(true);
  });
});
