import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { api, createMember, sessionHeaders, signIn } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

// This file runs in the e2e-per-service project: the system behind it runs each service in its own
// process, as a cluster does, while the rest of the suite uses npm start's single process.

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const control = inject('controlUrl');

describe('every service in its own process', () => {
  it('is the layout this system runs', async () => {
    const res = await fetch(`${control}/layout`);
    expect(await res.text()).toBe('per-service');
  });

  it('runs each service from its bundle (tools/bundle-services.mjs), not from its thousand-odd modules', async () => {
    for (const app of ['gateway', 'identity', 'jobs', 'files', 'files-worker', 'notifications']) {
      const res = await fetch(`${control}/pid/${app}`);
      expect(res.status, app).toBe(200);
      const pid = await res.text();
      const argv = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
      expect(argv.at(-1), app).toMatch(/\/apps\/[\w-]+\/dist\/main\.bundle\.js$/);
      // The gateway and jobs keep a young generation sized for throughput, the rest a small one; none
      // starts with a fixed old-generation growth (the idle reducer sets it while a process serves load).
      expect(
        argv.some((a) => a.startsWith('--heap-growing-percent')),
        app,
      ).toBe(false);
      expect(argv.includes('--max-semi-space-size=4'), app).toBe(app !== 'jobs' && app !== 'gateway');
      const environ = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      for (const setting of ['MALLOC_ARENA_MAX=1', 'MALLOC_MMAP_THRESHOLD_=131072', 'MALLOC_TRIM_THRESHOLD_=131072']) {
        expect(environ, `${app}: ${setting}`).toContain(setting);
      }
    }
  });

  it('imports node:http and node:https through require in every bundle (an ES module import loads undici)', async () => {
    for (const app of ['gateway', 'identity', 'jobs', 'applications', 'files', 'drafts', 'notifications', 'admin']) {
      const dist = join(process.cwd(), 'apps', app, 'dist');
      const scripts = (await readdir(dist)).filter((f) => /^main\.bundle.*\.js$/.test(f));
      expect(scripts.length, app).toBeGreaterThan(0);
      for (const script of scripts) {
        const code = await readFile(join(dist, script), 'utf8');
        expect(code, `${app}/${script}`).not.toMatch(/from\s*"(node:)?https?"/);
      }
    }
  });

  it('signs a new member up through the gateway (identity, mail)', async () => {
    const member = await signIn(base, mailDir);
    const me = await api(base, '/api/me', { headers: sessionHeaders(base, member) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: expect.any(String) });
  });

  it('posts a job and reads it back from the public board (jobs, gateway)', async () => {
    const poster = await createMember(nats);
    // A made-up word only this job contains, so the search finds it and nothing else.
    const word = randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 8)
      .padEnd(6, 'q');
    const title = `Count the rows of the ${word} ledger`;
    const posted = await api(base, '/api/me/jobs', {
      key: poster.key,
      body: { title, category: 'data', constraints: '## Scope\nCount the rows.' },
    });
    expect(posted.status).toBe(201);
    const job = await api(base, `/api/jobs/${posted.body.id as string}`);
    expect(job.status).toBe(200);
    expect(job.body.title).toBe(title);
    const found = await api(base, `/api/jobs/search?q=${word}`);
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain(posted.body.id);
    const board = await fetch(`${base}/jobs/${posted.body.id as string}`);
    expect(board.status).toBe(200);
    expect(await board.text()).toContain(title);
  });
});
