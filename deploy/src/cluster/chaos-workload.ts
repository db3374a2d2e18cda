import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { api, type ApiResponse, mcp, type TestMember } from '@marketplace/testing';

/** One HTTP attempt: when it ended (ms since the run began), what, its status (0: the connection was cut or refused), how long. */
export interface Sample {
  t: number;
  op: string;
  status: number;
  ms: number;
}

export type WriteKind = 'job' | 'application' | 'hire' | 'message' | 'file';

/** One write as the client saw it: its marker (in the row's text, to find it in the database), and whether a 2xx acknowledged it. */
export interface Write {
  kind: WriteKind;
  marker: string;
  acked: boolean;
  /** The id the 2xx answered with; for a hire, the application's. */
  id?: string;
  /** For a file: the sha256 and size declared and sent. */
  sha256?: string;
  size?: number;
  jobId?: string;
  lastStatus: number;
}

export interface Actor {
  member: TestMember;
  /** An OAuth access token: this actor is an agent and uses MCP where it can. */
  token?: string;
}

interface PostedJob {
  id: string;
  poster: Actor;
  hired: boolean;
}
interface Application {
  id: string;
  jobId: string;
  applicant: Actor;
  poster: Actor;
  accepted: boolean;
}

const RETRYABLE = new Set([0, 502, 503, 504]);
const RETRY_FOR_MS = 90_000;

/** Backoff between retries of one write: 300 ms doubling to 5 s, with jitter. */
function retryDelayMs(attempt: number): number {
  const base = Math.min(5000, 300 * 2 ** (attempt - 1));
  return base / 2 + Math.random() * (base / 2);
}

/** The first line of an MCP tool error's text is JSON with the status the operation answered. */
function toolStatus(res: ApiResponse): number {
  if (res.status !== 200) return res.status;
  const result = (res.body as { result?: { isError?: boolean; content?: Array<{ text?: string }> } } | undefined)?.result;
  if (!result) return 500;
  if (!result.isError) return 200;
  try {
    return (JSON.parse(result.content?.[0]?.text?.split('\n')[0] ?? '{}') as { status?: number }).status ?? 400;
  } catch {
    return 400;
  }
}

/** A tool's output, as REST answers it, is `result` in its structuredContent. */
function structured<T>(res: ApiResponse): T {
  return (res.body as { result: { structuredContent: { result: T } } }).result.structuredContent.result;
}

/** The product's answer to a repeat while the first request with the key is still being answered: "repeat it shortly". */
function stillAnswering(status: number, res: ApiResponse | undefined): boolean {
  return status === 409 && JSON.stringify(res?.body ?? '').includes('still being answered');
}

const marker = () => `ck-${randomBytes(6).toString('hex')}`;

/**
 * The chaos run's load: members over REST (API keys) and agents over MCP (OAuth tokens) posting,
 * applying, hiring, messaging, uploading files, reading and searching, at a steady rate whatever
 * the answers' speed. Every write carries an idempotency key and is retried with it while the
 * cluster answers 502/503/504 or cuts the connection, as a careful client would.
 */
export class ChaosWorkload {
  readonly samples: Sample[] = [];
  readonly writes: Write[] = [];
  /** The first answer of each refused kind (operation and 4xx status), to tell the workload's own mistakes from the product's. */
  readonly refusals = new Map<string, string>();
  private readonly jobs: PostedJob[] = [];
  private readonly applications: Application[] = [];
  private running = false;
  private loop: Promise<void> | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private n = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly posters: Actor[],
    private readonly applicants: Actor[],
    private readonly began: number,
    private readonly ratePerS: number,
  ) {}

  start(): void {
    this.running = true;
    this.loop = (async () => {
      const interval = 1000 / this.ratePerS;
      const start = performance.now();
      for (let i = 0; this.running; i++) {
        const wait = start + i * interval - performance.now();
        if (wait > 0) await sleep(wait);
        if (!this.running) break;
        const op = this.step().catch(() => undefined);
        this.inFlight.add(op);
        void op.finally(() => this.inFlight.delete(op));
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    await Promise.all([...this.inFlight]);
  }

  private pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[Math.floor(Math.random() * list.length)];
  }

  private step(): Promise<void> {
    const n = this.n++;
    const roll = n % 20;
    if (roll < 3 || this.jobs.length < 3) return this.post();
    if (roll < 8) return this.apply();
    if (roll < 10) return this.hire();
    if (roll < 13) return this.message();
    if (roll < 14) return this.upload();
    if (roll < 17) return this.read();
    return this.search();
  }

  private record(op: string, status: number, startedAt: number): void {
    const now = performance.now();
    this.samples.push({ t: Math.round(Date.now() - this.began), op, status, ms: Math.round((now - startedAt) * 10) / 10 });
  }

  /** One request, timed and recorded; a connection cut or refused is status 0. */
  private async call(
    op: string,
    send: () => Promise<ApiResponse>,
    statusOf: (res: ApiResponse) => number = (r) => r.status,
  ): Promise<{ status: number; res?: ApiResponse }> {
    const startedAt = performance.now();
    try {
      const res = await send();
      const status = statusOf(res);
      this.record(op, status, startedAt);
      if (status >= 400 && status < 500 && !this.refusals.has(`${op} ${status}`)) {
        this.refusals.set(`${op} ${status}`, JSON.stringify(res.body).slice(0, 300));
      }
      return { status, res };
    } catch {
      this.record(op, 0, startedAt);
      return { status: 0 };
    }
  }

  /**
   * A write retried under one idempotency key until it is answered with something other than
   * 0/502/503/504 (or the 409 of a repeat while the first is still being answered), or 90 s pass.
   */
  private write(
    op: string,
    write: Write,
    send: (key: string) => Promise<ApiResponse>,
    statusOf?: (res: ApiResponse) => number,
  ): Promise<ApiResponse | undefined> {
    this.writes.push(write);
    return this.retried(op, write, send, statusOf);
  }

  /** As `write`, for a step of a larger write (an upload's create and chunk), which is not counted as a write of its own. */
  private async retried(
    op: string,
    write: Write,
    send: (key: string) => Promise<ApiResponse>,
    statusOf?: (res: ApiResponse) => number,
  ): Promise<ApiResponse | undefined> {
    const key = randomUUID();
    const deadline = Date.now() + RETRY_FOR_MS;
    for (let attempt = 1; ; attempt++) {
      const { status, res } = await this.call(op, () => send(key), statusOf);
      write.lastStatus = status;
      if (status >= 200 && status < 300) {
        write.acked = true;
        return res;
      }
      if ((!RETRYABLE.has(status) && !stillAnswering(status, res)) || Date.now() > deadline) return undefined;
      await sleep(retryDelayMs(attempt));
    }
  }

  private async post(): Promise<void> {
    const poster = this.pick(this.posters)!;
    const m = marker();
    const job = { title: `Chaos job ${m}`, category: 'data', constraints: `## Scope\nDeduplicate the rows of ${m}.` };
    const write: Write = { kind: 'job', marker: m, acked: false, lastStatus: 0 };
    const res = poster.token
      ? await this.write(
          'post/mcp',
          write,
          (key) => mcp(this.baseUrl, 'tools/call', { name: 'post_job', arguments: { ...job, idempotency_key: key } }, poster.token),
          toolStatus,
        )
      : await this.write('post/rest', write, (key) =>
          api(this.baseUrl, '/api/me/jobs', { key: poster.member.key, body: job, headers: { 'idempotency-key': key } }),
        );
    if (!res) return;
    const id = poster.token ? structured<{ id: string }>(res).id : (res.body as { id: string }).id;
    write.id = id;
    this.jobs.push({ id, poster, hired: false });
  }

  private async apply(): Promise<void> {
    const job = this.pick(this.jobs.filter((j) => !j.hired).slice(-30));
    const applicant = this.pick(this.applicants);
    if (!job || !applicant) return;
    if (this.applications.some((a) => a.jobId === job.id && a.applicant === applicant)) return this.read();
    const m = marker();
    const write: Write = { kind: 'application', marker: m, acked: false, lastStatus: 0, jobId: job.id };
    const pitch = `I have cleaned data like ${m} before.`;
    const res = applicant.token
      ? await this.write(
          'apply/mcp',
          write,
          (key) =>
            mcp(
              this.baseUrl,
              'tools/call',
              {
                name: 'apply_to_job',
                arguments: { job_id: job.id, pitch, accept_responsibility: true, model: 'chaos-model', idempotency_key: key },
              },
              applicant.token,
            ),
          toolStatus,
        )
      : await this.write('apply/rest', write, (key) =>
          api(this.baseUrl, `/api/jobs/${job.id}/applications`, {
            key: applicant.member.key,
            body: { pitch, acceptResponsibility: true, model: 'chaos-model' },
            headers: { 'idempotency-key': key },
          }),
        );
    if (!res) return;
    const id = applicant.token ? structured<{ id: string }>(res).id : (res.body as { id: string }).id;
    write.id = id;
    this.applications.push({ id, jobId: job.id, applicant, poster: job.poster, accepted: false });
  }

  private async hire(): Promise<void> {
    const application = this.pick(this.applications.filter((a) => !a.accepted && !this.jobs.find((j) => j.id === a.jobId)?.hired));
    if (!application) return this.apply();
    const job = this.jobs.find((j) => j.id === application.jobId)!;
    job.hired = true;
    const write: Write = { kind: 'hire', marker: application.id, acked: false, lastStatus: 0, jobId: job.id, id: application.id };
    const res = await this.write('hire/rest', write, (key) =>
      api(this.baseUrl, `/api/me/job-applications/${application.id}/accept`, {
        key: application.poster.member.key,
        method: 'POST',
        headers: { 'idempotency-key': key },
      }),
    );
    if (res) application.accepted = true;
  }

  private async message(): Promise<void> {
    const application = this.pick(this.applications.filter((a) => a.accepted || !this.jobs.find((j) => j.id === a.jobId)?.hired).slice(-40));
    if (!application) return this.read();
    const fromApplicant = Math.random() < 0.5;
    const sender = fromApplicant ? application.applicant : application.poster;
    const m = marker();
    const body = `About ${m}: when can we start?`;
    const write: Write = { kind: 'message', marker: m, acked: false, lastStatus: 0 };
    const res = sender.token
      ? await this.write(
          'message/mcp',
          write,
          (key) =>
            mcp(
              this.baseUrl,
              'tools/call',
              {
                name: 'send_message',
                arguments: { application_id: application.id, body, idempotency_key: key },
              },
              sender.token,
            ),
          toolStatus,
        )
      : await this.write('message/rest', write, (key) =>
          api(this.baseUrl, '/api/messages', {
            key: sender.member.key,
            body: { applicationId: application.id, body },
            headers: { 'idempotency-key': key },
          }),
        );
    if (res) write.id = sender.token ? structured<{ id: string }>(res).id : (res.body as { id: string }).id;
  }

  /** Create, one chunk, complete: acknowledged once `complete` answers 200. */
  private async upload(): Promise<void> {
    const owner = this.pick([...this.posters, ...this.applicants])!;
    const m = marker();
    const data = randomBytes(20_000 + Math.floor(Math.random() * 30_000));
    const sha256 = createHash('sha256').update(data).digest('hex');
    const write: Write = { kind: 'file', marker: m, acked: false, lastStatus: 0, sha256, size: data.length };
    this.writes.push(write);
    const created = await this.retried('file-create/rest', write, (key) =>
      api(this.baseUrl, '/api/me/files', {
        key: owner.member.key,
        body: { path: `chaos/${m}.bin`, size: data.length, sha256 },
        headers: { 'idempotency-key': key },
      }),
    );
    if (!created) return;
    const id = (created.body as { file: { id: string } }).file.id;
    write.id = id;
    write.acked = false;
    const chunk = await this.retried('file-chunk/rest', write, async () => {
      const res = await fetch(`${this.baseUrl}/api/me/files/${id}/chunks/0?sha256=${sha256}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${owner.member.key}`, 'content-type': 'application/octet-stream' },
        body: data,
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
    });
    write.acked = false;
    if (!chunk) return;
    await this.retried('file-complete/rest', write, (key) =>
      api(this.baseUrl, `/api/me/files/${id}/complete`, {
        key: owner.member.key,
        method: 'POST',
        headers: { 'idempotency-key': key },
      }),
    );
  }

  private async read(): Promise<void> {
    const job = this.pick(this.jobs.filter((j) => !j.hired).slice(-50));
    if (!job) return;
    const reader = this.pick(this.applicants)!;
    await this.call('read/rest', () => api(this.baseUrl, `/api/jobs/${job.id}`, { key: reader.member.key }));
  }

  private async search(): Promise<void> {
    const reader = this.pick([...this.posters, ...this.applicants])!;
    if (reader.token) {
      await this.call('search/mcp', () => mcp(this.baseUrl, 'tools/call', { name: 'search_jobs', arguments: { query: 'rows' } }, reader.token), toolStatus);
      return;
    }
    await this.call('search/rest', () => api(this.baseUrl, '/api/jobs/search?q=rows', { key: reader.member.key }));
  }
}
