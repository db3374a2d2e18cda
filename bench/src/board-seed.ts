import { CATEGORIES } from '@marketplace/contracts';
import pg from 'pg';

import { openJobsInsert, settleBoard } from './seed.js';

/** Words titles and descriptions are drawn from, so a search word matches a known share of the board. */
export const BOARD_WORDS = [
  'analytics',
  'android',
  'api',
  'audit',
  'backend',
  'banner',
  'blog',
  'brand',
  'budget',
  'calendar',
  'campaign',
  'chart',
  'chatbot',
  'checkout',
  'cleanup',
  'cloud',
  'compliance',
  'contract',
  'copywriting',
  'crm',
  'css',
  'dashboard',
  'database',
  'deploy',
  'design',
  'django',
  'docker',
  'ecommerce',
  'email',
  'etl',
  'excel',
  'figma',
  'firmware',
  'forecast',
  'frontend',
  'grant',
  'graphql',
  'hiring',
  'illustration',
  'interview',
  'inventory',
  'invoice',
  'ios',
  'kubernetes',
  'label',
  'landing',
  'legal',
  'linux',
  'logistics',
  'logo',
  'marketing',
  'migration',
  'mobile',
  'model',
  'newsletter',
  'notion',
  'onboarding',
  'packaging',
  'patent',
  'payroll',
  'photography',
  'pitch',
  'podcast',
  'postgres',
  'pricing',
  'privacy',
  'prototype',
  'python',
  'react',
  'recruiting',
  'refactor',
  'report',
  'research',
  'resume',
  'rust',
  'scraper',
  'security',
  'seo',
  'shopify',
  'slides',
  'spreadsheet',
  'sql',
  'survey',
  'terraform',
  'testing',
  'translation',
  'transcription',
  'typescript',
  'ux',
  'video',
  'warehouse',
  'webhook',
  'website',
  'whitepaper',
  'wordpress',
  'workflow',
  'writing',
  'youtube',
  'zapier',
  'zoning',
];

export interface BoardSeedResult {
  jobs: number;
  posters: number;
  openJobs: number;
  ms: number;
}

/**
 * A board of `jobs` open jobs in one INSERT … SELECT generate_series (the search trigger fills
 * each tsvector as rows arrive), then VACUUM ANALYZE so the planner has real statistics and the
 * visibility map allows index-only scans, as autovacuum would give a long-running board.
 * Each title carries two words from BOARD_WORDS (about 2% of jobs per word), each description three.
 */
export async function seedBoard(databaseUrl: string, jobs: number, posters: number): Promise<BoardSeedResult> {
  const began = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'marketplace-bench-board-seed' });
  await client.connect();
  try {
    await client.query('SET search_path = jobs');
    await client.query('SELECT setseed(0.17)');
    await client.query(
      `INSERT INTO posters (member_id, name, headline, photo_url, updated_at)
       SELECT gen_random_uuid(), 'Board Poster ' || g, 'Freelancer no. ' || g, NULL, now()
       FROM generate_series(1, $1::int) AS g`,
      [posters],
    );
    await client.query(
      openJobsInsert({
        anonymousWhen: 'r.visibility_pick < 0.15',
        title: "initcap(words.w[r.t1]) || ' ' || words.w[r.t2] || ' job ' || r.g",
        constraints:
          "E'## Scope\\n\\nWork on the ' || words.w[r.d1] || ' and ' || words.w[r.d2] || ' parts, then the ' || words.w[r.d3]" +
          " || E' follow-up.\\n\\n## Deliverables\\n\\n- A written summary\\n- The source files\\n\\n## Timeline\\n\\nTwo weeks.'",
        // Posts arrive in time order, as on a live board (the heap is then ordered by age).
        draws: `now() - interval '13 days' * (1 - g::float8 / $1::int) - random() * interval '1 minute' AS created_at,
                ${['t1', 't2', 'd1', 'd2', 'd3'].map((c) => `1 + floor(random() * cardinality($3::text[]))::int AS ${c}`).join(',\n                ')},
                floor(random() * 40)::int AS applicants`,
        with: { name: 'words', sql: 'SELECT $3::text[] AS w' },
      }),
      [jobs, [...CATEGORIES], BOARD_WORDS],
    );
    const openJobs = await settleBoard(client);
    return { jobs, posters, openJobs, ms: Date.now() - began };
  } finally {
    await client.end();
  }
}
