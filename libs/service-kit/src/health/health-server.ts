import { createServer, type Server } from 'node:http';

import { collectDefaultMetrics } from 'prom-client';

import { processSettings } from '../scope/kit-settings.js';
import { serviceMetrics } from '../scope/service-scope.js';

export interface HealthChecks {
  /** Dependencies the service needs to do useful work (database, bus). */
  ready(): Promise<Record<string, boolean>>;
}

/**
 * Liveness, readiness and metrics on HEALTH_PORT, for orchestrator probes and the local launcher.
 * Kept off the bus so a probe still answers while NATS is down.
 */
export async function startHealthServer(service: string, checks: HealthChecks): Promise<Server | undefined> {
  const port = processSettings().healthPort;
  if (port === undefined) return undefined;
  const registry = serviceMetrics();
  collectDefaultMetrics({ labels: { service }, register: registry });
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.url === '/health') return send(200, { status: 'ok', service });
    if (req.url === '/ready') {
      checks.ready().then(
        (deps) => send(Object.values(deps).every(Boolean) ? 200 : 503, { service, ...deps }),
        () => send(503, { service }),
      );
      return;
    }
    if (req.url === '/metrics') {
      registry.metrics().then(
        (m) => send(200, m, registry.contentType),
        () => send(500, ''),
      );
      return;
    }
    send(404, { error: 'Not found.' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, processSettings().healthHost, resolve);
  });
  server.unref();
  return server;
}
