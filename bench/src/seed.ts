import { CATEGORIES } from '@marketplace/contracts';
import pg from 'pg';

export interface SeedOptions {
  jobs: number;
  posters: number;
  /** Share of jobs posted anonymously (0..1). */
  anonymousShare: number;
  /** Jobs are created evenly over this many days before now; each closes 14 days after creation. */
  spreadDays: number;
}

export interface SeedResult extends SeedOptions {
  openJobs: number;
  ms: number;
}

/**
 * Fills jobs.posters and jobs.jobs with one INSERT … SELECT generate_series each (a second or so
 * for 10,000 jobs), then VACUUMs and ANALYZEs, as a settled board would be. The tables are the
 * jobs service's own, created by its migrations when it started.
 */
export async function seedOpenJobs(databaseUrl: string, opts: SeedOptions): Promise<SeedResult> {
  const began = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'marketplace-bench-seed' });
  await client.connect();
  try {
    await client.query('SET search_path = jobs');
    // Repeatable random(): the same categories, dates and visibilities on every run.
    await client.query('SELECT setseed(0.42)');
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO posters (member_id, name, headline, photo_url, updated_at)
       SELECT gen_random_uuid(), 'Bench Poster ' || g,
              CASE WHEN g % 3 = 0 THEN NULL ELSE 'Freelancer no. ' || g || ', ten years in the trade' END,
              CASE WHEN g % 2 = 0 THEN 'https://example.com/photos/' || g || '.jpg' ELSE NULL END,
              now()
       FROM generate_series(1, $1::int) AS g`,
      [opts.posters],
    );
    await client.query(
      openJobsInsert({
        anonymousWhen: 'r.visibility_pick < $3::float8',
        title: "'Bench job ' || r.g || ': ' || r.category",
        constraints:
          "E'## Scope\\n\\n' || repeat('Review the existing material and deliver the agreed result on time. ', 4 + r.paragraphs)" +
          " || E'\\n\\n## Deliverables\\n\\n- A written summary\\n- The source files\\n\\n## Timeline\\n\\nTwo weeks from hiring.'",
        draws: `now() - random() * ($4::int * interval '1 day') AS created_at,
                floor(random() * 13)::int AS paragraphs,
                floor(random() * 12)::int AS applicants`,
      }),
      [opts.jobs, [...CATEGORIES], opts.anonymousShare, opts.spreadDays],
    );
    await client.query('COMMIT');
    const openJobs = await settleBoard(client);
    return { ...opts, openJobs, ms: Date.now() - began };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** How the jobs of one seeder differ: SQL over the derived row `r` (with `r.g`, `r.category` and what `draws` adds). */
export interface OpenJobsShape {
  /** `visibility_pick` is drawn already; true makes the job anonymous. */
  anonymousWhen: string;
  title: string;
  constraints: string;
  /** Columns drawn once per job: at least `created_at` and `applicants`. */
  draws: string;
  /** More common table expressions, joined to every row (`words AS (…)`). */
  with?: { name: string; sql: string };
}

/**
 * One INSERT … SELECT generate_series of open jobs ($1 jobs, $2 the categories): random() in a
 * select list is evaluated per row, so the derived table draws each job's values once.
 */
export function openJobsInsert(shape: OpenJobsShape): string {
  const extra = shape.with ? `,\n            ${shape.with.name} AS (${shape.with.sql})` : '';
  return `WITH poster_ids AS (SELECT array_agg(member_id ORDER BY member_id) AS ids FROM posters)${extra}
       INSERT INTO jobs (id, poster_id, poster_visibility, title, category, constraints, status, safety_hidden,
                         created_at, version, updated_at, closes_at, applicants, preferred_workers)
       SELECT gen_random_uuid(),
              poster_ids.ids[1 + floor(r.poster_pick * array_length(poster_ids.ids, 1))::int],
              CASE WHEN ${shape.anonymousWhen} THEN 'anonymous' ELSE 'public' END,
              ${shape.title}, r.category, ${shape.constraints},
              'open', false, r.created_at, 1, NULL, r.created_at + interval '14 days', r.applicants, '[]'::jsonb
       FROM (
         SELECT g,
                ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int] AS category,
                random() AS poster_pick,
                random() AS visibility_pick,
                ${shape.draws}
         FROM generate_series(1, $1::int) AS g
       ) AS r
       CROSS JOIN poster_ids${shape.with ? ` CROSS JOIN ${shape.with.name}` : ''}`;
}

/**
 * VACUUM as well as ANALYZE: until the visibility map marks the new pages all-visible, the board's
 * index-only scans visit the heap for every row, and autovacuum would set it at some moment
 * during the runs, making whichever target runs after it look faster. Answers the open jobs.
 */
export async function settleBoard(client: pg.Client): Promise<number> {
  await client.query('VACUUM (ANALYZE) jobs');
  await client.query('VACUUM (ANALYZE) posters');
  const { rows } = await client.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM jobs WHERE status = 'open' AND NOT safety_hidden AND (closes_at IS NULL OR closes_at > now())`,
  );
  return rows[0]?.open ?? 0;
}
