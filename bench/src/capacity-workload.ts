import { createHash, randomBytes } from 'node:crypto';

import type { TestMember } from '@marketplace/testing';

import { BOARD_WORDS } from './board-seed.js';

/**
 * The mixed workload of `bench:capacity`: what people and their agents do on the marketplace, in
 * proportions of requests. Public reads dominate, as on every job board; every write the contract
 * has a limit for is here at a rate a busy day would see. One operation may be several requests
 * (an upload is create, chunk, complete and delete); each request is timed on its own.
 */
export const MIX = {
  boardRead: 38, // anonymous GET /api/jobs?limit=20, pages and categories
  search: 10, // anonymous GET /api/jobs/search?q=
  jobRead: 8, // anonymous GET /api/jobs/{id}
  myReads: 12, // signed in: my jobs, my applications, inbox
  mcpCall: 10, // an agent's tools/call (list_open_jobs, get_job), OAuth
  post: 4,
  apply: 7,
  hire: 2,
  message: 5,
  turnIn: 2,
  upload: 2, // a 16 KiB personal file: create, one chunk, complete, delete
} as const;

export type Operation = keyof typeof MIX;

export interface Agent {
  member: TestMember;
  token: string;
}

/** What the workload has made so far, so later steps act on real records (a hire needs an application). */
export interface World {
  base: string;
  posters: TestMember[];
  workers: TestMember[];
  agents: Agent[];
  /** Open jobs with the poster's index. */
  jobs: Array<{ id: string; poster: number; applied: Set<number> }>;
  /** Applications still waiting: who may hire them. */
  waiting: Array<{ id: string; jobId: string; poster: number; worker: number }>;
  /** Hires: both sides may message, the worker turns work in. */
  hired: Array<{ applicationId: string; jobId: string; poster: number; worker: number }>;
}

export interface Timed {
  status: number;
  ms: number;
  body: unknown;
}

/** One HTTP request, timed from sending to the whole body read. */
export type Request = (path: string, init: { key?: string; token?: string; method?: string; body?: unknown; raw?: Buffer; query?: string }) => Promise<Timed>;

export function pickOperation(random: () => number): Operation {
  const total = Object.values(MIX).reduce((a, b) => a + b, 0);
  let n = random() * total;
  for (const [op, weight] of Object.entries(MIX) as Array<[Operation, number]>) {
    if ((n -= weight) < 0) return op;
  }
  return 'boardRead';
}

const pick = <T>(random: () => number, list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
const expect = (t: Timed, status: number, what: string) => {
  if (t.status !== status) throw new Error(`${what} answered ${t.status}: ${JSON.stringify(t.body).slice(0, 160)}`);
  return t.body as Record<string, any>;
};

const FILE = randomBytes(16 * 1024);
const FILE_SHA = createHash('sha256').update(FILE).digest('hex');

/** Runs one operation of the mix; a failure throws (the caller counts it). Falls back to a read when the world has nothing to act on yet. */
export async function runOperation(op: Operation, world: World, request: Request, random: () => number, n: number): Promise<void> {
  const poster = Math.floor(random() * world.posters.length);
  const worker = Math.floor(random() * world.workers.length);
  switch (op) {
    case 'boardRead': {
      const page = Math.floor(random() * 5);
      expect(await request('/api/jobs', { query: `limit=20${page ? `&offset=${page * 20}` : ''}` }), 200, 'the board');
      return;
    }
    case 'search':
      expect(await request('/api/jobs/search', { query: `q=${pick(random, BOARD_WORDS)}` }), 200, 'a search');
      return;
    case 'jobRead': {
      const job = pick(random, world.jobs);
      if (!job) return runOperation('boardRead', world, request, random, n);
      expect(await request(`/api/jobs/${job.id}`, {}), 200, 'a job');
      return;
    }
    case 'myReads': {
      const paths = ['/api/me/jobs', '/api/me/applications', '/api/messages'];
      const member = random() < 0.5 ? world.posters[poster]! : world.workers[worker]!;
      expect(await request(pick(random, paths)!, { key: member.key }), 200, 'a signed-in read');
      return;
    }
    case 'mcpCall': {
      const agent = pick(random, world.agents)!;
      const job = pick(random, world.jobs);
      const call = job && random() < 0.5 ? { name: 'get_job', arguments: { id: job.id } } : { name: 'list_open_jobs', arguments: { limit: 20 } };
      const body = expect(
        await request('/api/mcp', { token: agent.token, body: { jsonrpc: '2.0', id: n, method: 'tools/call', params: call } }),
        200,
        'an MCP call',
      );
      if (body.result?.isError) throw new Error(`an MCP call answered an error: ${JSON.stringify(body.result.content).slice(0, 160)}`);
      return;
    }
    case 'post': {
      const made = expect(
        await request('/api/me/jobs', {
          key: world.posters[poster]!.key,
          body: {
            title: `Capacity job ${n}: ${pick(random, BOARD_WORDS)}`,
            category: 'data',
            constraints: '## Scope\nTag the rows.\n\n## Deliverables\n- A CSV',
          },
        }),
        201,
        'a post',
      );
      world.jobs.push({ id: made.id as string, poster, applied: new Set() });
      return;
    }
    case 'apply': {
      const job = [...world.jobs].reverse().find((j) => !j.applied.has(worker));
      if (!job) return runOperation('post', world, request, random, n);
      job.applied.add(worker);
      const answer = await request(`/api/jobs/${job.id}/applications`, {
        key: world.workers[worker]!.key,
        body: { pitch: 'I have done this many times.', acceptResponsibility: true, model: 'capacity-model' },
      });
      // Hired while the application was on its way: the contract's 409, as a person racing a hire gets.
      if (answer.status === 409 && !world.jobs.includes(job)) return;
      const made = expect(answer, 201, 'an application');
      // Hired while this application was on its way: it is declined with the hire, so it is not waiting.
      if (world.jobs.includes(job)) world.waiting.push({ id: made.id as string, jobId: job.id, poster: job.poster, worker });
      return;
    }
    case 'hire': {
      const app = world.waiting.shift();
      if (!app) return runOperation('apply', world, request, random, n);
      // The job leaves the board with the hire and its other applications are declined with it.
      world.jobs = world.jobs.filter((j) => j.id !== app.jobId);
      world.waiting = world.waiting.filter((w) => w.jobId !== app.jobId);
      expect(await request(`/api/me/job-applications/${app.id}/accept`, { key: world.posters[app.poster]!.key, body: {} }), 200, 'a hire');
      world.hired.push({ applicationId: app.id, jobId: app.jobId, poster: app.poster, worker: app.worker });
      return;
    }
    case 'message': {
      const hire = pick(random, world.hired);
      if (!hire) return runOperation('myReads', world, request, random, n);
      const from = random() < 0.5 ? world.posters[hire.poster]! : world.workers[hire.worker]!;
      expect(await request('/api/messages', { key: from.key, body: { applicationId: hire.applicationId, body: `Checking in (${n}).` } }), 201, 'a message');
      return;
    }
    case 'turnIn': {
      const at = world.hired.findIndex(() => true);
      if (at < 0) return runOperation('myReads', world, request, random, n);
      // A job takes one round at a time: turned in, it leaves the pool of work to turn in.
      const [hire] = world.hired.splice(at, 1);
      expect(
        await request(`/api/jobs/${hire!.jobId}/submissions`, {
          key: world.workers[hire!.worker]!.key,
          body: { body: '## Done\nThe CSV is attached.', links: [], model: 'capacity-model' },
        }),
        201,
        'a turned-in round',
      );
      return;
    }
    case 'upload': {
      const member = world.workers[worker]!;
      const file = expect(
        await request('/api/me/files', {
          key: member.key,
          body: { path: `capacity/${n}.bin`, size: FILE.length, sha256: FILE_SHA },
        }),
        201,
        'an upload start',
      );
      const id = (file.file as { id: string }).id;
      expect(await request(`/api/me/files/${id}/chunks/0`, { key: member.key, method: 'PUT', raw: FILE, query: `sha256=${FILE_SHA}` }), 200, 'a chunk');
      expect(await request(`/api/me/files/${id}/complete`, { key: member.key, body: {} }), 200, 'an upload completion');
      expect(await request(`/api/me/files/${id}`, { key: member.key, method: 'DELETE' }), 200, 'a file deletion');
      return;
    }
  }
}
