import Fastify from 'fastify';

/** Response headers that belong to one connection or one moment, not to the page. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

export interface BareServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * The ceiling for a cached public page: bare Fastify in this process answering GET /api/jobs with
 * the bytes and headers the gateway answered, and nothing else (no hooks, no lookup, no logging).
 * What the gateway reaches of it is what its own per-request work costs.
 */
export async function startBareServer(pageUrl: string): Promise<BareServer> {
  const res = await fetch(pageUrl);
  if (!res.ok) throw new Error(`GET ${pageUrl} answered ${res.status}`);
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers[name] = value;
  });
  const app = Fastify({ logger: false });
  app.get('/api/jobs', (_req, reply) => {
    void reply.headers(headers).send(body);
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl: address, stop: () => app.close() };
}
