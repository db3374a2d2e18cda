import { createServer, type IncomingMessage } from 'node:http';

export interface ModelRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: string }[]; input?: string[]; response_format?: unknown };
}

/** What the fake model answers one chat: the JSON object it "writes", or a status to fail with. */
export type ChatReply = { json: unknown } | { status: number; retryAfter?: number } | { text: string } | { hang: true };

export interface FakeModelServer {
  /** Base URL up to and including /v1, as MODEL_BASE_URL takes it. */
  url: string;
  requests: ModelRequest[];
  /** Replies to use, in order, before the default ones (a status fails that attempt). */
  queue: ChatReply[];
  stop(): Promise<void>;
}

/**
 * Answers like a model asked by the drafts worker or the job board, recognised by its system prompt: research,
 * follow-up questions, writing, the job eval, the check of a walkthrough recording and the content check's
 * safety review (which flags postings that mention counterfeits). Usage is one token per four characters.
 */
export function defaultChatReply(system: string, user: string): unknown {
  if (/against its safety policy/i.test(system)) {
    // Counterfeits pass the word list; this stands in for a model that knows the policy.
    return /counterfeit/i.test(user)
      ? { violates: true, fields: ['constraints'], reason: 'It asks for counterfeit goods.' }
      : { violates: false, fields: [], reason: '' };
  }
  if (/research a job/i.test(system)) {
    return {
      summary: `Fake research: ${user.slice(0, 200)}`,
      facts: Array.from({ length: 10 }, (_, i) => `Fact ${i + 1} about the job.`),
      sources: ['https://example.com/guide'],
    };
  }
  if (/interview a person/i.test(system)) {
    return {
      questions: [
        { question: 'Which deliverable do you need?', hint: 'Be concrete.', options: ['A report', 'Code'] },
        { question: 'By when?', hint: '', options: [] },
      ],
    };
  }
  if (/write a job posting/i.test(system)) {
    return {
      title: 'Fix the nightly export job',
      category: 'engineering',
      description: '## Scope\n\nFix the export.\n\n## Deliverables\n\nA patch.\n\n## Timeline\n\nOne week.\n\n## Access\n\nRepository.\n\n## Proof of work\n\nA green run.',
      summary: 'Fix the nightly export so it finishes.',
    };
  }
  if (/check a screen-recorded walkthrough/i.test(system)) {
    return {
      summary: 'The poster opens the export settings and runs the export, which stops with a timeout.',
      transcript: 'So this is the nightly export. I click run, and after a while it says timeout.',
      findings: [],
      moments: [{ atSeconds: 3, quote: 'after a while it says timeout', suggestedRequirement: 'The export finishes without a timeout.' }],
    };
  }
  if (/evaluate a job posting/i.test(system)) {
    return { score: 82, verdict: 'Clear enough to start.', strengths: ['Scope is clear'], gaps: ['Budget'] };
  }
  return {};
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** An OpenAI-compatible server (POST /v1/chat/completions and /v1/embeddings) for tests. */
export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: ModelRequest[] = [];
  const queue: ChatReply[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = (await readJson(req)) as ModelRequest['body'];
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      requests.push({ path, authorization: req.headers.authorization, body });
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (req.method === 'POST' && path === '/v1/embeddings') {
        const input = body.input ?? [];
        return send(200, {
          object: 'list', model: body.model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length % 7, 1, (text.charCodeAt(0) || 0) / 100] })),
          usage: { prompt_tokens: input.join('').length, total_tokens: input.join('').length },
        });
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
      const system = body.messages?.find((m) => m.role === 'system')?.content ?? '';
      const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
      const reply = queue.shift() ?? { json: defaultChatReply(system, user) };
      if ('hang' in reply) return; // never answers: the client's timeout must end it
      if ('status' in reply) {
        return send(reply.status, { error: { message: 'fake failure' } }, reply.retryAfter ? { 'retry-after': String(reply.retryAfter) } : {});
      }
      const content = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
      const promptTokens = Math.ceil((system.length + user.length) / 4);
      return send(200, {
        id: `chatcmpl-${requests.length}`, object: 'chat.completion', model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage: { prompt_tokens: promptTokens, completion_tokens: Math.ceil(content.length / 4), total_tokens: promptTokens + Math.ceil(content.length / 4) },
      });
    })().catch(() => { res.writeHead(500).end(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    queue,
    stop: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
