import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';

import { api, createMember, dbQuery, mcp, type TestMember, toolResult, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';

/**
 * Hybrid search through the gateway: the jobs service restarted with MODEL_BASE_URL pointing at an
 * OpenAI-compatible embeddings server this file runs, whose vectors follow topics (fruit, money,
 * design), so the order by meaning is known. Three jobs match the keywords in a known order; the
 * fused order differs from it in a way only the vectors explain.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');

const TOPICS = [/fruit|apple|pear|orchard/g, /ledger|invoice|tax/g, /logo|poster|design/g];

/** A vector per text: how often it names each topic. Deterministic, and meaningful enough to rank by. */
const embedding = (text: string) => TOPICS.map((t) => (text.toLowerCase().match(t) ?? []).length);

interface EmbeddingsServer {
  url: string;
  inputs: string[];
  stop(): Promise<void>;
}

/** POST /v1/embeddings as OpenAI answers it; anything else is 404. */
async function startEmbeddingsServer(): Promise<EmbeddingsServer> {
  const inputs: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
      const { input, model } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[]; model: string };
      inputs.push(...input);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedding(text) })),
          usage: { prompt_tokens: input.join(' ').length, total_tokens: input.join(' ').length },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`,
    inputs,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

// A word no other test posts, so only this file's jobs match it.
const word = `zq${Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('')}`;
const query = `${word} fruit`;
let embeddings: EmbeddingsServer;
let searcher: TestMember;
const ids: Record<'ledger' | 'poster' | 'orchard', string> = { ledger: '', poster: '', orchard: '' };

const search = async () => {
  const res = await api(base, `/api/jobs/search?q=${encodeURIComponent(query)}`, { key: searcher.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { mode: res.body.mode as string, ids: (res.body.jobs as { id: string }[]).map((j) => j.id) };
};

beforeAll(async () => {
  const poster = await createMember(nats);
  searcher = await createMember(nats);
  // Keyword order: both words in the ledger job's title, the word twice in the poster job's
  // description, once in the orchard job's. By meaning the orchard job is nearest "fruit", then the
  // ledger job (one fruit among three money words), then the poster job (one among five design words).
  const jobs = {
    ledger: { title: `${word} fruit ledger`, constraints: `Reconcile the ledger, invoices and tax forms of our ${word} fruit stand.` },
    poster: { title: 'Brand refresh', constraints: `A logo and a poster for ${word}. The ${word} fruit brand needs a design and a logo.` },
    orchard: { title: 'Orchard help', constraints: `Pick apples and pears in our orchard: ${word} fruit.` },
  };
  for (const [name, body] of Object.entries(jobs) as [keyof typeof jobs, typeof jobs.ledger][]) {
    const res = await api(base, '/api/me/jobs', { key: poster.key, body: { ...body, category: 'other' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[name] = res.body.id;
  }
  embeddings = await startEmbeddingsServer();
});

afterAll(async () => {
  await service('stop', 'jobs');
  await service('start', 'jobs', {});
  await embeddings?.stop();
}, 60_000);

describe('hybrid search with an embeddings endpoint configured', () => {
  it('fuses keyword and vector ranks: an order only the vectors explain, on REST and MCP', async () => {
    // Without embeddings: keyword mode, in ts_rank order.
    expect(await search()).toEqual({ mode: 'keyword', ids: [ids.ledger, ids.poster, ids.orchard] });

    await service('stop', 'jobs');
    await service('start', 'jobs', { MODEL_BASE_URL: embeddings.url, MODEL_EMBEDDING_NAME: 'topic-embed', MODEL_RETRIES: '0' });
    expect((await api(base, '/api/health/ready')).body).toMatchObject({ searchMode: 'hybrid' });

    // Reciprocal rank fusion of [ledger, poster, orchard] (keywords) and [orchard, ledger, poster]
    // (meaning): the ledger job keeps first place, and the orchard job, last by keywords, passes the poster job.
    const hybrid = await search();
    expect(hybrid).toEqual({ mode: 'hybrid', ids: [ids.ledger, ids.orchard, ids.poster] });
    // The query and each job (title and description) were embedded; the jobs' vectors are kept for the next search.
    expect(embeddings.inputs).toContain(query);
    expect(embeddings.inputs.filter((t) => t.includes(word) && t !== query)).toHaveLength(3);
    // Stored after the answer, off the search's path.
    await until(
      async () => (await dbQuery(db, 'SELECT 1 FROM jobs.jobs WHERE id = ANY($1::uuid[]) AND embedding IS NOT NULL', [Object.values(ids)])).length === 3,
      { what: "the jobs' embeddings to be stored" },
    );
    const asked = embeddings.inputs.length;
    expect(await search()).toEqual(hybrid);
    expect(embeddings.inputs.slice(asked)).toEqual([query]);

    const tool = toolResult(await mcp(base, 'tools/call', { name: 'search_jobs', arguments: { query } }));
    expect({ mode: tool.mode, ids: tool.jobs.map((j: { id: string }) => j.id) }).toEqual(hybrid);
  });

  it('falls back to the keyword order, and says so, when the embeddings endpoint does not answer', async () => {
    await embeddings.stop();
    expect(await search()).toEqual({ mode: 'keyword', ids: [ids.ledger, ids.poster, ids.orchard] });
  });
});
