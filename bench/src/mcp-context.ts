import type { Infrastructure } from '@marketplace/local-stack';
import { api, BUS_CREDENTIALS_ENV, createMember, mcp, mcpAccessToken } from '@marketplace/testing';

/**
 * What an agent pays in context: the tool list before its first call (on each protocol wire, whole
 * and per group) and the text of typical results (a page of 20 open jobs, a job, a draft, the work
 * on a job, its applicants), on data seeded like a real board's: jobs with a page of Markdown,
 * five applicants with pitches, a hired worker with two rounds turned in.
 */

const GROUPS = ['board', 'hiring', 'work', 'drafts', 'files', 'account', 'staff'] as const;
const WIRES = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
/** Bytes a token, for English and JSON alike, as model vendors estimate it. */
const BYTES_PER_TOKEN = 4;

export interface AgentContext {
  /** tools/list per wire, and per group on 2025-11-25: tools and bytes. */
  lists: Record<string, { tools: number; bytes: number }>;
  /** A result's text content (what most clients give the model) and its structuredContent, in bytes. */
  results: Record<string, { textBytes: number; structuredBytes: number }>;
}

const MARKDOWN = `## What I need\n\n${'A clear, tested change with notes a reviewer can follow. '.repeat(12)}\n\n## Done when\n\n- it runs\n- it is documented\n- the tests pass\n`;

async function listBytes(base: string, wire: string, query = ''): Promise<{ tools: number; bytes: number }> {
  const meta =
    wire === '2026-07-28'
      ? {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': wire,
            'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        }
      : {};
  const res = await fetch(`${base}/api/mcp${query}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': wire,
      ...(wire === '2026-07-28' ? { 'mcp-method': 'tools/list' } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { ...meta } }),
  });
  const body = (await res.json()) as { result?: { tools: unknown[] } };
  if (!body.result) throw new Error(`tools/list on ${wire} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { tools: body.result.tools.length, bytes: Buffer.byteLength(JSON.stringify(body.result)) };
}

export async function measureAgentContext(infra: Infrastructure, base: string): Promise<AgentContext> {
  const mailDir = infra.mail?.dir;
  if (!mailDir) throw new Error('Measuring results needs the local mail catcher (unset SMTP_URL) to sign members in.');
  const lists: AgentContext['lists'] = {};
  for (const wire of WIRES) lists[wire] = await listBytes(base, wire);
  for (const group of GROUPS) lists[group] = await listBytes(base, '2025-11-25', `?tools=${group}`);

  process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(infra.bus.credentials);
  // Two posters: a member may post 10 jobs a day.
  const poster = await createMember(infra.natsUrl);
  const other = await createMember(infra.natsUrl);
  const post = async (i: number) => {
    const res = await api(base, '/api/me/jobs', {
      key: (i < 10 ? poster : other).key,
      body: { title: `Context job ${i + 1}: a tested change`, category: 'engineering', constraints: MARKDOWN },
    });
    if (res.status !== 201) throw new Error(`Posting answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.id as string;
  };
  const ids: string[] = [];
  for (let i = 0; i < 20; i++) ids.push(await post(i));
  const job = ids[0]!;
  const workers = [];
  for (let i = 0; i < 5; i++) {
    const worker = await createMember(infra.natsUrl);
    const applied = await api(base, `/api/jobs/${job}/applications`, {
      key: worker.key,
      body: { pitch: `I have done this kind of change many times. ${MARKDOWN}`, acceptResponsibility: true, model: 'bench-model' },
    });
    if (applied.status !== 201) throw new Error(`Applying answered ${applied.status}: ${JSON.stringify(applied.body)}`);
    workers.push({ worker, applicationId: applied.body.id as string });
  }
  const hired = workers[0]!;
  const ok = (what: string, res: { status: number; body: unknown }) => {
    if (res.status >= 300) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  };
  ok('Hiring', await api(base, `/api/me/job-applications/${hired.applicationId}/accept`, { key: poster.key, body: {} }));
  ok('Turning in', await api(base, `/api/jobs/${job}/submissions`, { key: hired.worker.key, body: { body: MARKDOWN, model: 'bench-model' } }));
  ok('Asking for changes', await api(base, `/api/me/jobs/${job}/request-changes`, { key: poster.key, body: { feedback: MARKDOWN } }));
  ok('Turning in again', await api(base, `/api/jobs/${job}/submissions`, { key: hired.worker.key, body: { body: MARKDOWN, model: 'bench-model' } }));

  const token = await mcpAccessToken(base, mailDir, poster);
  const results: AgentContext['results'] = {};
  const measure = async (label: string, name: string, args: Record<string, unknown>) => {
    const res = await mcp(base, 'tools/call', { name, arguments: args }, token);
    const result = res.body?.result as { isError?: boolean; content: Array<{ text?: string }>; structuredContent?: { result: unknown } } | undefined;
    if (!result || result.isError) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
    results[label] = {
      textBytes: Buffer.byteLength(result.content[0]?.text ?? ''),
      structuredBytes: Buffer.byteLength(JSON.stringify(result.structuredContent?.result)),
    };
  };
  await measure('list_open_jobs (20)', 'list_open_jobs', { limit: 20 });
  await measure('get_job', 'get_job', { id: job });
  await measure('get_job_work (2 rounds)', 'get_job_work', { job_id: job });
  await measure('list_job_applications (5)', 'list_job_applications', { job_id: job });
  const draft = await mcp(
    base,
    'tools/call',
    {
      name: 'start_job_draft',
      arguments: { answers: { problem: MARKDOWN.slice(0, 600), context: 'A small team, one repository, tests in CI.' } },
    },
    token,
  );
  const draftId = (draft.body?.result?.structuredContent?.result as { id?: string } | undefined)?.id;
  if (!draftId) throw new Error(`start_job_draft answered ${JSON.stringify(draft.body).slice(0, 300)}`);
  await measure('get_job_draft', 'get_job_draft', { draft_id: draftId });
  return { lists, results };
}

export function contextLines(c: AgentContext): string[] {
  const kib = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
  const tokens = (b: number) => `~${(b / BYTES_PER_TOKEN / 1000).toFixed(1)}k tokens`;
  return [
    'tools/list, whole on each wire and by group (2025-11-25), about 4 bytes a token:',
    ...Object.entries(c.lists).map(([name, l]) => `  ${name.padEnd(11)} ${String(l.tools).padStart(3)} tools, ${kib(l.bytes)}, ${tokens(l.bytes)}`),
    'tool results: the text a model reads, beside the whole structuredContent:',
    ...Object.entries(c.results).map(
      ([name, r]) => `  ${name.padEnd(27)} text ${kib(r.textBytes)} (${tokens(r.textBytes)}), structured ${kib(r.structuredBytes)}`,
    ),
  ];
}
