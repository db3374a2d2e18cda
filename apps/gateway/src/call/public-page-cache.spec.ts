import { listOpenJobs, postJob } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { matchesIfNoneMatch, PublicPageCache, strongEtag } from './public-page-cache.js';

const policy = { sharedMaxAgeS: 5 };
const page = (text: string) => Buffer.from(text);

describe('PublicPageCache', () => {
  it('serves a stored page until its shared max age passes', () => {
    let now = 1_000;
    const cache = new PublicPageCache(() => now);
    cache.store('/api/jobs', cache.version, page('{"jobs":[]}'), policy, 200);
    expect(cache.get('/api/jobs')?.body.toString()).toBe('{"jobs":[]}');
    expect(cache.get('/api/jobs?limit=5')).toBeUndefined();
    now += 5_000;
    expect(cache.get('/api/jobs')).toBeUndefined();
  });

  it('never stores a page read before a change that happened while it was read', () => {
    const cache = new PublicPageCache();
    const version = cache.version;
    cache.clear();
    const stale = cache.store('/api/jobs', version, page('{"old":true}'), policy, 200);
    expect(stale.etag).toBe(strongEtag('{"old":true}'));
    expect(cache.get('/api/jobs')).toBeUndefined();
  });

  it('drops every page after a write, not after a read', () => {
    const cache = new PublicPageCache();
    cache.store('/api/jobs', cache.version, page('{}'), policy, 200);
    cache.afterCall(listOpenJobs);
    expect(cache.get('/api/jobs')).toBeDefined();
    cache.afterCall(postJob);
    expect(cache.get('/api/jobs')).toBeUndefined();
  });
});

describe('matchesIfNoneMatch', () => {
  const etag = strongEtag('{}');
  it('matches the same tag, a weak copy of it, a list holding it, or *', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });
  it('does not match another tag or no header', () => {
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});
