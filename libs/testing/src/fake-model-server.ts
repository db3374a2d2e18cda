import { createServer, type IncomingMessage } from 'node:http';

/** A message's content: text, or text and image parts as vision models take them. */
export type MessageContent = string | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];

export interface ModelRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; messages?: { role: string; content: MessageContent }[]; input?: string[]; response_format?: unknown };
  /** The system and user text of a chat, image parts left out. */
  text: { system: string; user: string };
  /** The images of a chat's user message, as data URLs. */
  images: string[];
  /** The fields of a transcription request, the audio file's size in `file`. */
  form?: Record<string, string>;
}

/** What the fake model answers one chat: the JSON object it "writes", or a status to fail with. */
export type ChatReply = { json: unknown; delayMs?: number } | { status: number; retryAfter?: number } | { text: string } | { hang: true };

export interface FakeModelServer {
  /** Base URL up to and including /v1, as MODEL_BASE_URL takes it. */
  url: string;
  requests: ModelRequest[];
  /** Replies to use, in order, before the default ones (a status fails that attempt). */
  queue: ChatReply[];
  /** Transcription replies to use, in order, before the default one. */
  transcripts: ({ json: unknown } | { status: number })[];
  /** Requests given a `hang` reply that the client gave up on (closed before any answer). */
  abandoned: ModelRequest[];
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
      description:
        '## Scope\n\nFix the export.\n\n## Deliverables\n\nA patch.\n\n## Timeline\n\nOne week.\n\n## Access\n\nRepository.\n\n## Proof of work\n\nA green run.',
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

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const textOf = (content: MessageContent | undefined): string =>
  typeof content === 'string' ? content : (content ?? []).flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
const imagesOf = (content: MessageContent | undefined): string[] =>
  typeof content === 'string' ? [] : (content ?? []).flatMap((p) => (p.type === 'image_url' ? [p.image_url.url] : []));

/** What the fake hears in any audio: a walkthrough of the nightly export, with times. */
export const DEFAULT_TRANSCRIPT = {
  text: 'So this is the nightly export. I click run, and after a while it says timeout.',
  segments: [
    { id: 0, start: 0, end: 2.5, text: ' So this is the nightly export.' },
    { id: 1, start: 2.5, end: 5, text: ' I click run, and after a while it says timeout.' },
  ],
};

/** An OpenAI-compatible server (POST /v1/chat/completions, /v1/embeddings and /v1/audio/transcriptions) for tests. */
export async function startFakeModelServer(): Promise<FakeModelServer> {
  const requests: ModelRequest[] = [];
  const queue: ChatReply[] = [];
  const transcripts: FakeModelServer['transcripts'] = [];
  const abandoned: ModelRequest[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        const data = await new Response(new Uint8Array(raw), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
        const form: Record<string, string> = {};
        for (const [k, v] of data.entries()) form[k] = typeof v === 'string' ? v : String(v.size);
        requests.push({ path, authorization: req.headers.authorization, body: {}, text: { system: '', user: '' }, images: [], form });
        const reply = transcripts.shift() ?? { json: DEFAULT_TRANSCRIPT };
        return 'status' in reply ? send(reply.status, { error: { message: 'fake failure' } }) : send(200, reply.json);
      }
      const body = JSON.parse(raw.toString('utf8') || '{}') as ModelRequest['body'];
      const system = textOf(body.messages?.find((m) => m.role === 'system')?.content);
      const userContent = body.messages?.find((m) => m.role === 'user')?.content;
      const user = textOf(userContent);
      requests.push({ path, authorization: req.headers.authorization, body, text: { system, user }, images: imagesOf(userContent) });
      if (req.method === 'POST' && path === '/v1/embeddings') {
        const input = body.input ?? [];
        return send(200, {
          object: 'list',
          model: body.model,
          data: input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length % 7, 1, (text.charCodeAt(0) || 0) / 100] })),
          usage: { prompt_tokens: input.join('').length, total_tokens: input.join('').length },
        });
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
      const reply = queue.shift() ?? { json: defaultChatReply(system, user) };
      if ('hang' in reply) {
        // Never answers: the client's timeout must end it, which the test can see here.
        const asked = requests[requests.length - 1]!;
        res.on('close', () => abandoned.push(asked));
        return;
      }
      if ('status' in reply) {
        return send(reply.status, { error: { message: 'fake failure' } }, reply.retryAfter ? { 'retry-after': String(reply.retryAfter) } : {});
      }
      // A slow model: answers, but only after this long.
      if ('json' in reply && reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      const content = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
      const promptTokens = Math.ceil((system.length + user.length) / 4);
      return send(200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
        usage: { prompt_tokens: promptTokens, completion_tokens: Math.ceil(content.length / 4), total_tokens: promptTokens + Math.ceil(content.length / 4) },
      });
    })().catch(() => {
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    queue,
    transcripts,
    abandoned,
    stop: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
