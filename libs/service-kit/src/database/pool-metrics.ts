import { Gauge, Histogram } from 'prom-client';
import type { DataSource } from 'typeorm';

import { serviceMetric } from '../health/service-metrics.js';

type ConnectCallback = (err: Error | undefined, client: unknown, release: unknown) => void;
type Connect = (callback?: ConnectCallback) => Promise<unknown> | void;

interface PoolLike {
  connect: Connect;
  readonly waitingCount: number;
  readonly totalCount: number;
  readonly idleCount: number;
}

/**
 * How long the service's queries waited for one of its pool's connections, and how many wait now.
 * A request that waits here queues behind others holding every connection (a lock wait inside a
 * transaction holds its connection), so every operation's latency rises together while the CPU
 * idles: this is the figure that tells that tail from a busy event loop.
 */
export function watchPoolWaits(ds: DataSource): void {
  const pool = (ds.driver as unknown as { master?: PoolLike }).master;
  if (!pool || typeof pool.connect !== 'function') return;
  const waited = serviceMetric(
    'db_pool_wait_seconds',
    (registers) =>
      new Histogram({
        registers,
        name: 'db_pool_wait_seconds',
        help: 'Time a query or transaction waited for a connection of this process’s pool',
        buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      }),
  );
  serviceMetric(
    'db_pool_waiting',
    (registers) =>
      new Gauge({
        registers,
        name: 'db_pool_waiting',
        help: 'Queries and transactions waiting for a connection of this process’s pool now',
        collect() {
          this.set(pool.waitingCount);
        },
      }),
  );
  serviceMetric(
    'db_pool_in_use',
    (registers) =>
      new Gauge({
        registers,
        name: 'db_pool_in_use',
        help: 'Connections of this process’s pool lent out now',
        collect() {
          this.set(pool.totalCount - pool.idleCount);
        },
      }),
  );
  // TypeORM and pool.query ask with a callback, anything else may await it: the time until it answers is the wait.
  const connect = pool.connect.bind(pool);
  pool.connect = (callback) => {
    const began = performance.now();
    const lent = () => waited.observe((performance.now() - began) / 1000);
    if (!callback) return (connect() as Promise<unknown>).finally(lent);
    connect((err, client, release) => {
      lent();
      callback(err, client, release);
    });
  };
}
