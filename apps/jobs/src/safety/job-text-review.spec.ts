import { reviewPublicText } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { reviewJobText } from './job-text-review.js';

describe('reviewPublicText (comments)', () => {
  it('refuses credentials with 400 naming the field', () => {
    const err = reviewPublicText({ body: 'Use AKIAABCDEFGHIJKLMNOP here' }, { action: 'commenting' });
    expect(err?.status).toBe(400);
    expect(err?.message).toMatch(/commenting/);
  });

  it('refuses content-policy violations with 403', () => {
    expect(reviewPublicText({ body: 'what a sh1t job' }, {})?.status).toBe(403);
  });

  it('refuses personal or internal details outright when the route has no acknowledgement flag', () => {
    const err = reviewPublicText({ body: 'Call 415-555-0132' }, {});
    expect(err?.status).toBe(400);
    expect(JSON.stringify(err)).not.toMatch(/acknowledgeExposures/);
    expect(reviewPublicText({ body: 'Plain question about the scope' }, {})).toBeNull();
  });

  it('leaves job text as before: exposures pass once acknowledged', () => {
    expect(reviewJobText({ constraints: 'Call 415-555-0132' }, false)?.status).toBe(400);
    expect(reviewJobText({ constraints: 'Call 415-555-0132' }, true)).toBeNull();
  });
});
