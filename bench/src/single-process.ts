import 'reflect-metadata';

import { AppError, coerceQueryValue, listOpenJobs, validateInput } from '@marketplace/contracts';
import { getFreePort } from '@marketplace/local-stack';
import { AccessSettingsCache, createDataSource, requireReadAccess } from '@marketplace/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';

import { jobsEntities, jobsMigrations } from '../../apps/jobs/dist/jobs.entities.js';
// apps/jobs is no package one imports by name: its compiled output is used directly
// (tsconfig references ../apps/jobs, so tsc -b builds it first and its .d.ts types these).
import { ListOpenJobsHandler } from '../../apps/jobs/dist/jobs/list-open-jobs.handler.js';
import { AudienceRecorder } from '../../apps/jobs/dist/performance/audience-recorder.js';

export interface SingleProcessServer {
  baseUrl: string;
  stop(): Promise<void>;
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
  // The board is public by default (not invite-only), as in the system under test; no client
  // facts reach this server, so the recorder counts nothing here.
  const handler = new ListOpenJobsHandler(ds, new AudienceRecorder(ds));
  // The board's access check, as the bus server makes it before the handler (access `board`).
  const settings = AccessSettingsCache.fixed({ inviteOnly: false, identityVerification: false, invitationsPerMember: 5 });

  let app: FastifyInstance | undefined;
  try {
    app = Fastify({ logger: false });
    app.get('/api/jobs', async (req, reply) => {
      // The gateway's own query conversion, so both targets parse the query identically.
      const shape = listOpenJobs.input.shape as Record<string, Parameters<typeof coerceQueryValue>[0]>;
      const query: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(req.query as Record<string, string | string[]>)) {
        query[name] = shape[name] ? coerceQueryValue(shape[name], value) : value;
      }
      try {
        const input = validateInput(listOpenJobs.input, query);
        await requireReadAccess({ requestId: req.id, caller: null }, settings);
        return reply.code(200).send(await handler.handle(input, { requestId: req.id, caller: null, surface: 'rest' }));
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
