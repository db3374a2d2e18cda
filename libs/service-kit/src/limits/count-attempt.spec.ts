import 'reflect-metadata';

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { AppError, WRITE_LIMITS, type WriteLimitName } from '@marketplace/contracts';
import { openServiceSchema, type ServiceSchema, until } from '@marketplace/testing';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pendingSchemaChanges } from '../database/data-source.factory.js';
import { KitTablePruner } from '../database/kit-table-pruner.js';
import { PeriodicRunner } from '../queues/periodic-task.js';
import { countAttempt, forgetAttempts } from './count-attempt.js';
import { counterBucket, logBucket, onceEvery, perClockMinute, perHour, perMinute, perUtcDay } from './limit-bucket.js';
import { limitBucketsIn } from './limit-buckets.js';
import { applicationsLimits, filesLimits, identityLimits, jobsLimits, LIMIT_SETTINGS, writeLimitOwner } from './limit-settings.js';

/** Runs against a real PostgreSQL (DATABASE_URL, else the unit project's embedded one): the limits are only as good as the SQL and the locks. */
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as never;

let db: ServiceSchema;
let ds: DataSource;
let replica: DataSource;

beforeAll(async () => {
  db = await openServiceSchema({ entities: [], migrations: [], label: 'limits_spec' });
  ds = db.ds;
  replica = await db.otherReplica();
}, 60_000);

afterAll(async () => {
  await db?.drop();
}, 60_000);

const subject = () => randomUUID();

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const appError = err as AppError;
  expect(appError.status).toBe(429);
  return appError;
}

async function counted(bucket: string, who: string): Promise<number> {
  const [row] = (await ds.query('SELECT coalesce(sum(count), 0)::int AS n FROM limit_attempts WHERE bucket = $1 AND subject = $2', [bucket, who])) as {
    n: number;
  }[];
  return row!.n;
}

/** Moves a subject's attempts back in time, as if they had been made that much earlier. */
async function age(bucket: string, who: string, seconds: number): Promise<void> {
  await ds.query(
    `UPDATE limit_attempts SET at = at - make_interval(secs => $3), expires_at = expires_at - make_interval(secs => $3)
     WHERE bucket = $1 AND subject = $2`,
    [bucket, who, seconds],
  );
}

async function insertAt(bucket: string, who: string, atSql: string, count = 1): Promise<void> {
  await ds.query(`INSERT INTO limit_attempts (bucket, subject, at, count, expires_at) VALUES ($1, $2, ${atSql}, $3, ${atSql} + interval '1 day')`, [
    bucket,
    who,
    count,
  ]);
}

describe('the kit tables', () => {
  it('match the kit entities (no schema change pending after the migrations)', async () => {
    expect(await pendingSchemaChanges(ds)).toEqual([]);
  });
});

describe('countAttempt, log buckets', () => {
  const bucket = logBucket('spec_minute', perMinute(3, 'Three a minute.'));

  it("allows up to the limit, then refuses with the window's message and a Retry-After within it", async () => {
    const who = subject();
    for (let i = 0; i < 3; i++) await countAttempt(ds, bucket, who);
    const err = await refusal(countAttempt(ds, bucket, who));
    expect(err.message).toBe('Three a minute.');
    expect(err.extra.retryAfter).toBeGreaterThanOrEqual(59);
    expect(err.extra.retryAfter).toBeLessThanOrEqual(60);
    // A refused attempt is not counted: it did not happen.
    expect(await counted('spec_minute', who)).toBe(3);
  });

  it('keeps subjects and buckets apart', async () => {
    const who = subject();
    const other = subject();
    for (let i = 0; i < 3; i++) await countAttempt(ds, bucket, who);
    // Another subject in the same bucket, and the same subject in another bucket, start from nothing.
    await countAttempt(ds, bucket, other);
    await countAttempt(ds, logBucket('spec_other', perMinute(1, 'x')), who);
    expect(await counted('spec_minute', who)).toBe(3);
    expect(await counted('spec_minute', other)).toBe(1);
    expect(await counted('spec_other', who)).toBe(1);
    // Neither counted toward the first subject's full window.
    await refusal(countAttempt(ds, bucket, who));
    await countAttempt(ds, bucket, other);
    expect(await counted('spec_minute', other)).toBe(2);
  });

  it('slides: a place frees up when the oldest attempt leaves the window, and Retry-After says when', async () => {
    const who = subject();
    await countAttempt(ds, bucket, who);
    await age('spec_minute', who, 50);
    await countAttempt(ds, bucket, who);
    await countAttempt(ds, bucket, who);
    const err = await refusal(countAttempt(ds, bucket, who));
    // The oldest is 50 s old: it leaves in about 10 s.
    expect(err.extra.retryAfter).toBeGreaterThanOrEqual(9);
    expect(err.extra.retryAfter).toBeLessThanOrEqual(11);
    await age('spec_minute', who, 11);
    // Only the oldest has left: one more fits, then the window is full again.
    await countAttempt(ds, bucket, who);
    await refusal(countAttempt(ds, bucket, who));
  });

  it('counts per UTC day: earlier today counts, yesterday does not, Retry-After runs to midnight UTC', async () => {
    const daily = logBucket('spec_day', perUtcDay(5, 'Five a day.'), perMinute(100, 'x'));
    const who = subject();
    const midnight = `date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
    await insertAt('spec_day', who, `${midnight} - interval '1 second'`, 50);
    await insertAt('spec_day', who, midnight, 4);
    await countAttempt(ds, daily, who);
    const err = await refusal(countAttempt(ds, daily, who));
    expect(err.message).toBe('Five a day.');
    const now = new Date();
    const untilMidnight = (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
    expect(Math.abs(err.extra.retryAfter! - untilMidnight)).toBeLessThan(5);
  });

  it('names the window that refuses, and the longest wait when several do', async () => {
    const both = logBucket('spec_both', perHour(3, 'Three an hour.'), perMinute(2, 'Two a minute.'));
    const who = subject();
    await countAttempt(ds, both, who);
    await countAttempt(ds, both, who);
    const minute = await refusal(countAttempt(ds, both, who));
    expect(minute.message).toBe('Two a minute.');
    await age('spec_both', who, 120);
    await countAttempt(ds, both, who);
    const hour = await refusal(countAttempt(ds, both, who));
    expect(hour.message).toBe('Three an hour.');
    expect(hour.extra.retryAfter).toBeGreaterThan(3000);
  });

  it('enforces a gap ("once every N hours") with Retry-After until the gap ends', async () => {
    const gap = logBucket('spec_gap', onceEvery(12, 'Once every 12 hours.'));
    const who = subject();
    await countAttempt(ds, gap, who);
    const err = await refusal(countAttempt(ds, gap, who));
    expect(err.message).toBe('Once every 12 hours.');
    expect(err.extra.retryAfter).toBeGreaterThan(12 * 3600 - 5);
    expect(err.extra.retryAfter).toBeLessThanOrEqual(12 * 3600);
    await age('spec_gap', who, 11 * 3600);
    const later = await refusal(countAttempt(ds, gap, who));
    expect(Math.abs(later.extra.retryAfter! - 3600)).toBeLessThan(5);
    await age('spec_gap', who, 3601);
    await countAttempt(ds, gap, who);
  });

  it("commits or rolls back with the caller's transaction", async () => {
    const who = subject();
    await ds.transaction(async (em) => {
      await countAttempt(em, bucket, who);
      await em.query('SELECT 1');
    });
    await ds
      .transaction(async (em) => {
        await countAttempt(em, bucket, who);
        throw new Error("the caller's work failed");
      })
      .catch(() => undefined);
    expect(await counted('spec_minute', who)).toBe(1);
  });

  it('never lets parallel transactions on two pools exceed the limit', async () => {
    const five = logBucket('spec_race', perMinute(5, 'Five a minute.'));
    const who = subject();
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? ds : replica)
          .transaction(async (em) => {
            await countAttempt(em, five, who);
            // Holding the transaction open is what would let an unlocked check-then-insert race.
            await em.query('SELECT pg_sleep(0.02)');
          })
          .then(
            () => 'ok',
            (err: unknown) => (err instanceof AppError && err.status === 429 ? 'limited' : err),
          ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'limited')).toHaveLength(19);
    expect(await counted('spec_race', who)).toBe(5);
  });
});

describe('countAttempt, counter buckets', () => {
  const bucket = counterBucket('spec_counter', perClockMinute(5, 'Five this minute.'));

  it('allows up to the limit in the clock minute, then refuses until the minute ends', async () => {
    const who = subject();
    // A previous window's count is never read.
    await insertAt('spec_counter', who, `date_trunc('minute', now()) - interval '1 minute'`, 100);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        countAttempt(ds, bucket, who).then(
          () => 'ok',
          (e: unknown) => e,
        ),
      ),
    );
    const ok = results.filter((r) => r === 'ok').length;
    const refused = results.filter((r): r is AppError => r instanceof AppError);
    // The run may straddle a minute boundary; then the new minute admits more.
    expect(ok).toBeGreaterThanOrEqual(5);
    if (ok === 5) {
      expect(refused).toHaveLength(3);
      expect(refused[0]!.message).toBe('Five this minute.');
      const secondsLeft = 60 - (Date.now() % 60_000) / 1000;
      expect(Math.abs(refused[0]!.extra.retryAfter! - Math.ceil(secondsLeft))).toBeLessThanOrEqual(2);
    }
  });

  it('is exact under parallel requests from two pools', async () => {
    const ten = counterBucket('spec_counter_race', perClockMinute(10, 'Ten.'));
    const who = subject();
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        countAttempt(i % 2 ? ds : replica, ten, who).then(
          () => 'ok',
          () => 'limited',
        ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    // Refused requests count too: the window ends at a fixed time whatever they do.
    expect(await counted('spec_counter_race', who)).toBe(30);
    // Room for the wait above (up to 5.5 s, so the 30 attempts land in one clock minute) and a busy machine.
  }, 20_000);
});

describe('forgetAttempts', () => {
  it("drops a subject's attempts and the composite ones it starts, nobody else's", async () => {
    const member = subject();
    const other = subject();
    const b = logBucket('spec_forget', perMinute(10, 'x'));
    await countAttempt(ds, b, member);
    await countAttempt(ds, b, `${member}:${subject()}`);
    await countAttempt(ds, b, other);
    await forgetAttempts(ds, [member]);
    const rows = (await ds.query(`SELECT subject FROM limit_attempts WHERE bucket = 'spec_forget'`)) as { subject: string }[];
    expect(rows.map((r) => r.subject)).toEqual([other]);
  });
});

describe('KitTablePruner', () => {
  it('deletes expired attempts, old published events and old processed events in batches; keeps the rest', async () => {
    const pruner = new KitTablePruner(ds, { batchSize: 2 });
    // Earlier tests left expired rows; start from a clean slate so the counts below are exact.
    await pruner.run();
    const keep = subject();
    const drop = subject();
    for (let i = 0; i < 5; i++) {
      await ds.query(
        `INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
        VALUES ('spec_prune', $1, now() - make_interval(hours => 2, secs => $2), 1, now() - interval '1 hour')`,
        [drop, i],
      );
    }
    await ds.query(
      `INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
      VALUES ('spec_prune', $1, now() - interval '2 hours', 1, now() + interval '22 hours')`,
      [keep],
    );
    const outbox = async (createdAgo: string, publishedAgo: string | null) => {
      const id = randomUUID();
      await ds.query(
        `INSERT INTO outbox_events (id, subject, envelope, created_at, published_at)
        VALUES ($1, 'spec', '{}', now() - $2::interval, now() - $3::interval)`,
        [id, createdAgo, publishedAgo],
      );
      return id;
    };
    const oldPublished = await outbox('3 days', '3 days');
    const recentPublished = await outbox('2 hours', '2 hours');
    const oldUnpublished = await outbox('3 days', null);
    const processed = async (ago: string) => {
      const id = randomUUID();
      await ds.query(`INSERT INTO processed_events (consumer, event_id, processed_at) VALUES ('spec', $1, now() - $2::interval)`, [id, ago]);
      return id;
    };
    const oldProcessed = await processed('9 days');
    const recentProcessed = await processed('6 days');

    const deleted = await pruner.run();
    expect(deleted).toEqual({ limit_attempts: 5, idempotent_requests: 0, outbox_events: 1, processed_events: 1 });
    expect(await counted('spec_prune', drop)).toBe(0);
    expect(await counted('spec_prune', keep)).toBe(1);
    const outboxIds = ((await ds.query('SELECT id FROM outbox_events')) as { id: string }[]).map((r) => r.id);
    expect(outboxIds).not.toContain(oldPublished);
    expect(outboxIds).toEqual(expect.arrayContaining([recentPublished, oldUnpublished]));
    const processedIds = ((await ds.query('SELECT event_id FROM processed_events')) as { event_id: string }[]).map((r) => r.event_id);
    expect(processedIds).not.toContain(oldProcessed);
    expect(processedIds).toContain(recentProcessed);
  });

  it('is a periodic task: a tick is skipped while another replica prunes the same schema', async () => {
    const runner = replica.createQueryRunner();
    await runner.connect();
    const periodic = new PeriodicRunner(ds, silent);
    const pruner = new KitTablePruner(ds, { intervalMs: 1 });
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtext('periodic:kit-tables-prune'), hashtext($1))`, [db.schema]);
      expect(await periodic.tick(pruner)).toBe('skipped');
      await runner.query(`SELECT pg_advisory_unlock(hashtext('periodic:kit-tables-prune'), hashtext($1))`, [db.schema]);
      expect(await periodic.tick(pruner)).toBe('ran');
    } finally {
      await runner.release();
    }
  });

  it('stops cleanly before its first pass: no pass runs after stop()', async () => {
    const expired = async () => {
      const who = subject();
      await insertAt('spec_prune_stop', who, `now() - interval '2 days'`);
      return who;
    };
    // A pruner left running prunes after its first interval (here 20 ms)…
    const running = new PeriodicRunner(ds, silent, { firstDelayMs: 0 }).start([new KitTablePruner(ds, { intervalMs: 20 })]);
    const pruned = await expired();
    await until(async () => (await counted('spec_prune_stop', pruned)) === 0, { timeoutMs: 5000, what: 'the running pruner to prune' });
    await running.stop();
    // …one stopped before then never does, however long it is left.
    const kept = await expired();
    const stopped = new PeriodicRunner(ds, silent, { firstDelayMs: 0 }).start([new KitTablePruner(ds, { intervalMs: 20 })]);
    await stopped.stop();
    await sleep(500);
    expect(await counted('spec_prune_stop', kept)).toBe(1);
  });
});

describe('limits configuration', () => {
  it("reads the deployment's variable names, each by its owning service, keeping the contract's numbers otherwise", () => {
    expect(identityLimits.read({})).toMatchObject({
      apiKeyRequestsPerMinute: 120,
      magicLinksPerMinute: 5,
      inviteTriesPerHour: 10,
      waitlistPerEmailPerHour: 5,
      waitlistPerClientPerMinute: 10,
      networkLookupsPerHour: 20,
      networkImportsPerHour: 10,
      clientRegistrationsPerHour: 20,
      photoUploadsPerHour: 20,
      oauthRequestsPerMinute: 120,
      mcpSessionsPerMinute: 30,
    });
    expect(jobsLimits.read({})).toMatchObject({ searchesPerMinute: 30, commentsPerHour: 30, jobPostsPerDay: 10, jobPostsPerMinute: 3 });
    expect(applicationsLimits.read({})).toMatchObject({ applicationsPerDay: 50, applicationsPerMinute: 5, messagesPerDay: 500, messagesPerMinute: 30 });
    expect(filesLimits.read({})).toMatchObject({ fileWritesPerMinute: 600 });
    const env = {
      API_KEY_RATE_LIMIT: '7',
      MAGIC_LINK_RATE_LIMIT: '2',
      SEARCHES_PER_MINUTE: '9',
      JOB_POSTS_PER_DAY: '4',
      JOB_POSTS_PER_MINUTE: '1000',
      COMMENTS_PER_HOUR: '3',
      APPLICATIONS_PER_DAY: '6',
      APPLICATIONS_PER_MINUTE: '2',
      INVITE_TRIES_PER_HOUR: '1',
      WAITLIST_PER_EMAIL_PER_HOUR: '2',
      WAITLIST_PER_MINUTE: '3',
      NETWORK_LOOKUPS_PER_HOUR: '4',
      NETWORK_IMPORTS_PER_HOUR: '5',
      MESSAGES_PER_DAY: '8',
      MESSAGES_PER_MINUTE: '2',
      OAUTH_CLIENT_REGISTRATIONS_PER_HOUR: '6',
      PHOTO_UPLOADS_PER_HOUR: '3',
      OAUTH_REQUESTS_PER_MINUTE: '9',
      MCP_SESSIONS_PER_MINUTE: '4',
    };
    expect(identityLimits.read(env)).toMatchObject({
      apiKeyRequestsPerMinute: 7,
      magicLinksPerMinute: 2,
      inviteTriesPerHour: 1,
      waitlistPerEmailPerHour: 2,
      waitlistPerClientPerMinute: 3,
      networkLookupsPerHour: 4,
      networkImportsPerHour: 5,
      clientRegistrationsPerHour: 6,
      photoUploadsPerHour: 3,
      oauthRequestsPerMinute: 9,
      mcpSessionsPerMinute: 4,
    });
    expect(jobsLimits.read(env)).toMatchObject({ searchesPerMinute: 9, commentsPerHour: 3, jobPostsPerDay: 4, jobPostsPerMinute: 1000 });
    expect(applicationsLimits.read(env)).toMatchObject({ applicationsPerDay: 6, applicationsPerMinute: 2, messagesPerDay: 8, messagesPerMinute: 2 });
    // A bad value stops the service that owns it, naming the variable, instead of quietly keeping the contract's number.
    expect(() => identityLimits.read({ API_KEY_RATE_LIMIT: 'lots' })).toThrow(/^API_KEY_RATE_LIMIT="lots" is not valid/);
    expect(() => applicationsLimits.read({ APPLICATIONS_PER_DAY: '0' })).toThrow(/^APPLICATIONS_PER_DAY=/);
    expect(() => jobsLimits.read({ COMMENTS_PER_HOUR: '2.5' })).toThrow(/^COMMENTS_PER_HOUR=/);
  });

  it("builds a bucket from its owner's limits only: a bad JOB_POSTS_PER_DAY breaks jobs' buckets, not identity's", () => {
    const buckets = limitBucketsIn({ JOB_POSTS_PER_DAY: 'lots' });
    expect(buckets.apiKeyRequests.window.max).toBe(120);
    expect(buckets.applications.windows[0]!.max).toBe(50);
    expect(() => buckets.jobPosts).toThrow(/^JOB_POSTS_PER_DAY="lots" is not valid/);
    expect(() => identityLimits.read({ JOB_POSTS_PER_DAY: 'lots' })).not.toThrow();
  });

  it('has one owner for every named write limit, which declares its variable', () => {
    for (const name of Object.keys(WRITE_LIMITS) as WriteLimitName[]) {
      const variable = `WRITE_LIMIT_${WRITE_LIMITS[name].bucket.toUpperCase()}`;
      const owners = Object.values(LIMIT_SETTINGS).filter((g) => g.declarations.some((d) => d.name === variable));
      expect(
        owners.map((g) => g.owner),
        variable,
      ).toEqual([writeLimitOwner(name)]);
    }
  });

  it('words each bucket for what it limits (an edit is not a post)', () => {
    const buckets = limitBucketsIn({});
    expect(buckets.jobPosts.windows.map((w) => w.message)).toEqual([
      'You can post 10 jobs per UTC day. Try again tomorrow (UTC).',
      'You can post 3 jobs per minute. Wait a moment and try again.',
    ]);
    expect(buckets.jobEdits.windows.map((w) => w.message).join(' ')).not.toMatch(/post/);
    expect(buckets.jobEdits.windows[0]!.message).toBe('You can edit jobs 10 times per UTC day. Try again tomorrow (UTC).');
    const names = Object.values(buckets).map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has a named bucket per write limit, worded from what it covers, with its number from WRITE_LIMIT_<BUCKET>', () => {
    const defaults = limitBucketsIn({});
    expect(defaults.apiKeys).toMatchObject({ name: 'api_keys_made', counting: 'log' });
    expect(defaults.apiKeys.windows).toEqual([expect.objectContaining({ kind: 'fixed', seconds: 86_400, max: 50 })]);
    expect(defaults.apiKeys.windows[0]!.message).toMatch(/^At most 50 per UTC day for API keys made/);
    expect(defaults.visibilityChanges.windows).toEqual([expect.objectContaining({ kind: 'sliding', seconds: 3600, max: 10 })]);
    const set = limitBucketsIn({ WRITE_LIMIT_API_KEYS_MADE: '3' });
    expect(set.apiKeys.windows[0]!.max).toBe(3);
    expect(set.workSteps.windows[0]!.max).toBe(60);
    // The kit's settings rule: a bad number stops the owning service at start, naming the variable.
    expect(() => applicationsLimits.read({ WRITE_LIMIT_WORK_STEPS: 'many' })).toThrow(/WRITE_LIMIT_WORK_STEPS="many" is not valid/);
  });
});
