import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { APPS, type S3Settings } from '@marketplace/local-stack';
import { Client as Storage } from 'minio';
import pg from 'pg';

import type { Fault } from './chaos-faults.js';
import type { Sample, Write, WriteKind } from './chaos-workload.js';

export interface WriteCheck {
  kind: WriteKind;
  attempted: number;
  acked: number;
  /** Acknowledged with a 2xx and found exactly once. */
  ackedOnce: number;
  /** Acknowledged but not found: lost. */
  lost: string[];
  /** Found more than once (acknowledged or not): doubled. */
  doubled: string[];
  /** Not acknowledged (the client gave up or was refused) yet committed once: allowed, and counted. */
  committedUnacked: number;
}

export interface EventCheck {
  events: number;
  unpublished: number;
  /** (consumer, event) deliveries expected: each event's subject times the durables that consume it. */
  expected: number;
  delivered: number;
  missing: Array<{ consumer: string; eventId: string; subject: string }>;
  consumers: number;
}

export interface ChaosChecks {
  writes: WriteCheck[];
  events: EventCheck;
  /** Answers 500–599 other than 503: none allowed. */
  serverErrors: Array<{ t: number; op: string; status: number }>;
  /** 503s that came while no fault was active or recovering (plus 15 s): listed, not allowed. */
  unavailableOutsideFaults: Array<{ t: number; op: string }>;
  uploads: { acked: number; intact: number; lost: string[] };
  passed: boolean;
}

const SCHEMAS = APPS.filter((a) => a.name !== 'gateway').map((a) => a.name);

async function countByMarker(db: pg.Client, sql: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ m: string | null; n: number }>(sql);
  return new Map(rows.filter((r) => r.m).map((r) => [r.m!, r.n]));
}

function checkWrites(kind: WriteKind, writes: Write[], found: Map<string, number>): WriteCheck {
  const mine = writes.filter((w) => w.kind === kind);
  const acked = mine.filter((w) => w.acked);
  return {
    kind,
    attempted: mine.length,
    acked: acked.length,
    ackedOnce: acked.filter((w) => found.get(w.marker) === 1).length,
    lost: acked.filter((w) => !found.get(w.marker)).map((w) => w.marker),
    doubled: mine.filter((w) => (found.get(w.marker) ?? 0) > 1).map((w) => w.marker),
    committedUnacked: mine.filter((w) => !w.acked && found.get(w.marker) === 1).length,
  };
}

/** Every committed event, and for each the durables of its subject that have not recorded it as processed. */
async function checkEvents(db: pg.Client): Promise<EventCheck> {
  const events = new Map<string, { subject: string; published: boolean }>();
  const processed: Array<{ consumer: string; eventId: string }> = [];
  for (const schema of SCHEMAS) {
    const outbox = await db.query<{ id: string; subject: string; published: boolean }>(
      `SELECT id, subject, published_at IS NOT NULL AS published FROM "${schema}".outbox_events`,
    );
    for (const row of outbox.rows) events.set(row.id, { subject: row.subject, published: row.published });
    const done = await db.query<{ consumer: string; event_id: string }>(`SELECT consumer, event_id FROM "${schema}".processed_events`);
    for (const row of done.rows) processed.push({ consumer: row.consumer, eventId: row.event_id });
  }
  // A durable consumes one subject: learnt from what it processed.
  const subjectsOf = new Map<string, Set<string>>();
  const seen = new Set<string>();
  for (const p of processed) {
    const subject = events.get(p.eventId)?.subject;
    if (!subject) continue;
    if (!subjectsOf.has(p.consumer)) subjectsOf.set(p.consumer, new Set());
    subjectsOf.get(p.consumer)!.add(subject);
    seen.add(`${p.consumer}\n${p.eventId}`);
  }
  const missing: EventCheck['missing'] = [];
  let expected = 0;
  for (const [eventId, event] of events) {
    for (const [consumer, subjects] of subjectsOf) {
      if (!subjects.has(event.subject)) continue;
      expected++;
      if (!seen.has(`${consumer}\n${eventId}`)) missing.push({ consumer, eventId, subject: event.subject });
    }
  }
  return {
    events: events.size,
    unpublished: [...events.values()].filter((e) => !e.published).length,
    expected,
    delivered: expected - missing.length,
    missing,
    consumers: subjectsOf.size,
  };
}

async function checkUploads(db: pg.Client, s3: S3Settings, writes: Write[]): Promise<ChaosChecks['uploads']> {
  const acked = writes.filter((w) => w.kind === 'file' && w.acked);
  const url = new URL(s3.endpoint);
  const storage = new Storage({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
    pathStyle: true,
  });
  const lost: string[] = [];
  let intact = 0;
  for (const write of acked) {
    const { rows } = await db.query<{ status: string; object_key: string | null; sha256: string }>(
      'SELECT status, object_key, sha256 FROM files.files WHERE id = $1',
      [write.id],
    );
    const row = rows[0];
    if (row?.status !== 'ready' || !row.object_key) {
      lost.push(write.marker);
      continue;
    }
    try {
      const stream = await storage.getObject(s3.bucket, row.object_key);
      const hash = createHash('sha256');
      for await (const chunk of stream) hash.update(chunk as Buffer);
      if (hash.digest('hex') === write.sha256) intact++;
      else lost.push(write.marker);
    } catch {
      lost.push(write.marker);
    }
  }
  return { acked: acked.length, intact, lost };
}

/**
 * What the chaos run must leave true, read from the databases and object storage once the load
 * has stopped and the outboxes have drained: no acknowledged write lost or doubled, every committed
 * event processed by each of its consumers (processed_events' key makes a second time impossible),
 * no 5xx but 503 and those only around faults, no acknowledged upload lost.
 */
export async function checkChaos(opts: {
  databaseUrl: string;
  s3: S3Settings;
  writes: Write[];
  samples: Sample[];
  faults: Fault[];
  log: (line: string) => void;
}): Promise<ChaosChecks> {
  const db = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'marketplace-chaos-check' });
  await db.connect();
  try {
    // The consumers catch up after the load: wait until every event is out and processed, or two minutes pass.
    let events = await checkEvents(db);
    for (let waited = 0; (events.unpublished > 0 || events.missing.length > 0) && waited < 120_000; waited += 2000) {
      await sleep(2000);
      events = await checkEvents(db);
    }
    opts.log(`events: ${events.events} committed, ${events.delivered}/${events.expected} deliveries to ${events.consumers} consumers`);
    const marker = (column: string) => `substring(${column} from 'ck-[0-9a-f]{12}')`;
    const writes = [
      checkWrites('job', opts.writes, await countByMarker(db, `SELECT ${marker('title')} AS m, count(*)::int AS n FROM jobs.jobs GROUP BY 1`)),
      checkWrites(
        'application',
        opts.writes,
        await countByMarker(db, `SELECT ${marker('pitch')} AS m, count(*)::int AS n FROM applications.applications GROUP BY 1`),
      ),
      checkWrites('message', opts.writes, await countByMarker(db, `SELECT ${marker('body')} AS m, count(*)::int AS n FROM applications.messages GROUP BY 1`)),
      checkWrites('file', opts.writes, await countByMarker(db, `SELECT ${marker('path')} AS m, count(*)::int AS n FROM files.files GROUP BY 1`)),
      // A hire: the application accepted, and one accepted application on its job.
      checkWrites(
        'hire',
        opts.writes,
        await countByMarker(
          db,
          `SELECT a.id::text AS m, (SELECT count(*)::int FROM applications.applications b WHERE b.job_id = a.job_id AND b.status = 'accepted') AS n
         FROM applications.applications a WHERE a.status = 'accepted'`,
        ),
      ),
    ];
    const uploads = await checkUploads(db, opts.s3, opts.writes);
    const serverErrors = opts.samples.filter((s) => s.status >= 500 && s.status !== 503).map(({ t, op, status }) => ({ t, op, status }));
    const during = (t: number) =>
      opts.faults.some((f) => f.startedAt !== undefined && t >= f.startedAt && t <= (f.recoveredAt ?? f.endedAt ?? Infinity) + 15_000);
    const unavailableOutsideFaults = opts.samples.filter((s) => s.status === 503 && !during(s.t)).map(({ t, op }) => ({ t, op }));
    const passed =
      writes.every((w) => w.lost.length === 0 && w.doubled.length === 0) &&
      events.missing.length === 0 &&
      events.unpublished === 0 &&
      serverErrors.length === 0 &&
      unavailableOutsideFaults.length === 0 &&
      uploads.lost.length === 0;
    return { writes, events, serverErrors, unavailableOutsideFaults, uploads, passed };
  } finally {
    await db.end();
  }
}
