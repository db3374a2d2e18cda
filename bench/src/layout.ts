import { type ProcessLayout, processLayout } from '@marketplace/local-stack';

/**
 * Benchmarks measure the deployed topology, a process per service as the chart runs them, unless
 * MARKETPLACE_PROCESSES names another: in one process the gateway and the services would share
 * one thread, which says nothing about a deployment's hop.
 */
export const BENCH_LAYOUT: ProcessLayout = process.env.MARKETPLACE_PROCESSES ? processLayout(process.env) : 'per-service';
