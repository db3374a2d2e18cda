import { describe, expect, it } from 'vitest';

import { parseArgs } from './cli-args.js';

describe('parseArgs', () => {
  it('splits words and flags, with values, inline values and switches', () => {
    expect(parseArgs(['member', 'create', '--email', 'a@b.c', '--name=Ann Lee', '--complete-profile', '--staff'])).toEqual({
      words: ['member', 'create'],
      flags: { email: 'a@b.c', name: 'Ann Lee', 'complete-profile': true, staff: true },
    });
  });
});
