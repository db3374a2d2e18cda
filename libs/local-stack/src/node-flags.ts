import { join } from 'node:path';

import { GATEWAY } from './service-catalogue.js';

// V8 sizes the young generation for throughput (up to 48 MiB, kept once grown); an idle service
// process is a few MiB smaller with 4 MiB semi-spaces. The one-process host and the backends off
// the public read path run that way.
export const SERVICE_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * The gateway and the jobs service answer every public read that misses the gateway's cache: they
 * keep V8's default young generation (in 4 MiB semi-spaces jobs scavenged 50 times a second under
 * npm run bench's load). How far their old generation grows is the idle reducer's (service-kit's
 * idle-memory), the same in every process: further while serving load, V8's own once idle.
 * docker/entrypoint.sh chooses the same.
 */
const READ_PATH = new Set<string>([GATEWAY, 'jobs']);

/** The Node flags of a process of its own running `app` (a service's name: gateway, jobs, files-worker…). */
export function nodeFlagsFor(app: string): string[] {
  return READ_PATH.has(app) ? [] : SERVICE_NODE_FLAGS;
}

/**
 * The environment of a service process: `env` over defaults the container image sets too
 * (docker/Dockerfile).
 * - MALLOC_ARENA_MAX: glibc gives each thread that allocates its own malloc arena, and Node runs a
 *   dozen (V8's platform workers, libuv's pool); with two a service idled 5–8 MiB smaller at no
 *   measured cost, with one the gateway no longer kept start-up's freed blocks in a second arena.
 * - MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_: glibc raises both as a process frees large
 *   blocks, so after start-up a block it frees can stay in the process for good. Fixed at 128 KiB,
 *   blocks that large are mapped on their own and returned when freed.
 * With two arenas and adjusting thresholds the gateway idled anywhere from 88 to 108 MiB with the
 * same 21.5 MB heap (up to 18 MiB of malloc's heap kept); with these, every service idled at 86–90
 * MiB in four runs of npm run bench:footprint.
 * - NODE_COMPILE_CACHE: V8's compiled code kept between starts. A start that finds it skips parsing
 *   its scripts, so it is faster and, without the parser's garbage left in malloc, 2–8 MiB smaller.
 */
const MALLOC_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' } as const;

export function serviceProcessEnv(rootDir: string, env: Record<string, string>): Record<string, string> {
  return { ...MALLOC_ENV, NODE_COMPILE_CACHE: join(rootDir, 'node_modules', '.cache', 'node-compile'), ...env };
}
