import 'reflect-metadata';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { AppError, listOpenJobs, validateInput } from '@marketplace/contracts';
import { createDataSource } from '@marketplace/service-kit';
import { getFreePort } from '@marketplace/local-stack';
// apps/jobs is no package one imports by name: its compiled output is used directly
// (tsconfig references ../apps/jobs, so tsc -b builds it first and its .d.ts types these).
import { ListOpenJobsHandler } from '../../apps/jobs/dist/jobs/list-open-jobs.handler.js';
import { jobsEntities, jobsMigrations } from '../../apps/jobs/dist/jobs.entities.js';

export interface SingleProcessServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Query strings carry text; the two numeric fields become numbers, as the gateway does for them. */
function toNumber(value: unknown): unknown {
  return typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value) : value;
}

/**
 * The baseline: GET /api/jobs answered in this process by the jobs service's own handler on the
 * same SQL, validated with the same schema, with no NATS hop, no envelope and no extra process.
 * DATABASE_URL must name the database the jobs service migrated (createDataSource reads it).
 */
export async function startSingleProcessServer(): Promise<SingleProcessServer> {
  // Same factory, schema (search_path=jobs) and pool size (DB_POOL_SIZE, 10) as the jobs service.
  const ds: DataSource = createDataSource({ schema: 'jobs', entities: jobsEntities, migrations: jobsMigrations });
  await ds.initialize();
  const handler = new ListOpenJobsHandler(ds);

  let app: FastifyInstance | undefined;
  try {
    app = Fastify({ logger: false });
    app.get('/api/jobs', async (req, reply) => {
      const query = { ...(req.query as Record<string, unknown>) };
      if ('limit' in query) query.limit = toNumber(query.limit);
      if ('offset' in query) query.offset = toNumber(query.offset);
      try {
        const input = validateInput(listOpenJobs.input, query);
        return reply.code(200).send(await handler.handle(input));
      } catch (err) {
        if (err instanceof AppError) return reply.code(err.status).send(err.toWire());
        throw err;
      }
    });
    const port = await getFreePort();
    await app.listen({ port, host: '127.0.0.1' });
    const server = app;
    return {
      baseUrl: `http://127.0.0.1:${port}`,
      stop: async () => {
        await server.close();
        await ds.destroy();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await ds.destroy().catch(() => undefined);
    throw error;
  }
}
