import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { describe, expect, it } from 'vitest';

const gatewayDist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'service.js');

// Imports the built gateway in a fresh process and prints every package an import or require resolved to.
const probe = `
import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({ resolve(specifier, context, next) {
  const resolved = next(specifier, context);
  const pkg = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(resolved.url);
  if (pkg) seen.add(pkg[1]);
  return resolved;
} });
await import(${JSON.stringify(gatewayDist)});
console.log(JSON.stringify([...seen]));`;

describe('the gateway process', () => {
  // It has no database and no Nest module; loading them would cost every gateway about 20 MiB.
  it('loads neither Nest, TypeORM nor the PostgreSQL driver', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', probe], { timeout: 30_000 });
    const packages = JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
    expect(packages).toContain('fastify'); // the probe sees the gateway's own packages
    expect(packages.filter((p) => p.startsWith('@nestjs/') || p === 'typeorm' || p === 'pg')).toEqual([]);
  });
});
