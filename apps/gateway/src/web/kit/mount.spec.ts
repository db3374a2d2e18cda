import { AppError, type Caller } from '@marketplace/contracts';
import type { BusClient, Logger } from '@marketplace/service-kit/edge';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import type { Authenticator } from '../../auth/authenticator.js';
import { recordRoutes, registerCrossCutting, registerMethodNotAllowed } from '../../http/cross-cutting.js';
import { html, sendPage } from './layout.js';
import { mountPages } from './mount.js';
import { definePage, type Guard, type PageDefinition } from './page.js';

// The browser scripts are compiled next to dist; a page here needs only their addresses.
vi.mock('./assets.js', () => ({ assetUrl: (file: string) => `/assets/${file}` }));

const ORIGIN = 'https://market.example';
const quiet = { warn: () => undefined, error: () => undefined } as unknown as Logger;

const member = (over: Partial<Caller> = {}): Caller => ({
  memberId: '00000000-0000-4000-8000-000000000001',
  via: 'session',
  scopes: [],
  staff: false,
  emailVerified: true,
  ...over,
});

/** An authenticator whose session is whatever the test says (the cookie `who` names it). */
function authFor(callers: Record<string, Caller>): Authenticator {
  return {
    publicOrigin: ORIGIN,
    restCaller: async () => null,
    sessionCaller: async (req: { headers: Record<string, string | undefined> }) => {
      const who = /who=(\w+)/.exec(req.headers.cookie ?? '')?.[1];
      return who ? (callers[who] ?? null) : null;
    },
  } as unknown as Authenticator;
}

/** The notifications service as the header asks it: `unread` for the session `plain`, failing for the rest. */
function busWith(unread: number): BusClient {
  return {
    call: async (_op: unknown, _input: unknown, ctx: { caller: Caller | null }) => {
      if (ctx.caller?.memberId !== member().memberId || ctx.caller.staff) throw new Error('notifications is down');
      return { notifications: [], total: unread, unreadCount: unread };
    },
  } as unknown as BusClient;
}

async function site(pages: PageDefinition[], unread = 0) {
  const app = Fastify();
  registerCrossCutting(app, quiet);
  const routes = recordRoutes(app);
  mountPages(
    app,
    {
      auth: authFor({ plain: member(), staff: member({ staff: true }), pending: member({ signUpPending: true }) }),
      logger: quiet,
      bus: busWith(unread),
    },
    pages,
  );
  await app.after();
  registerMethodNotAllowed(app, routes);
  await app.ready();
  return app;
}

const shows = (guard: Guard, path = '/page') =>
  definePage({
    method: 'GET',
    path,
    guard,
    handler: async (_req, reply, caller) => sendPage(reply, { title: 'Page', body: html`<h1>For ${caller?.memberId ?? 'nobody'}</h1>` }),
  });

describe('the web kit: one mounter, its guards and its error pages', () => {
  it('a signed-in page sends a visitor without a session to sign in and back, and lets a member in', async () => {
    const app = await site([shows('signed-in')]);
    const out = await app.inject({ method: 'GET', url: '/page?x=1' });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`/sign-in?next=${encodeURIComponent('/page?x=1')}`);
    const ok = await app.inject({ method: 'GET', url: '/page', headers: { cookie: 'who=plain' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('<h1>For 00000000-0000-4000-8000-000000000001</h1>');
  });

  it('a form post from another site, or without a session, gets the sign-in-first page', async () => {
    const post = definePage({ method: 'POST', path: '/form', guard: 'signed-in', handler: async (_req, reply) => reply.redirect('/done', 303) });
    const app = await site([post]);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const crossSite = await app.inject({
      method: 'POST',
      url: '/form',
      payload: 'a=1',
      headers: { ...form, cookie: 'who=plain', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(401);
    expect(crossSite.body).toContain('<h1>Sign in first</h1>');
    const same = await app.inject({ method: 'POST', url: '/form', payload: 'a=1', headers: { ...form, cookie: 'who=plain', origin: ORIGIN } });
    expect(same.statusCode).toBe(303);
  });

  it('staff pages refuse a member who is not staff with the staff-only page; signed-up pages a member still signing up', async () => {
    const app = await site([shows('staff', '/admin'), shows('signed-up', '/mine')]);
    const notStaff = await app.inject({ method: 'GET', url: '/admin', headers: { cookie: 'who=plain' } });
    expect(notStaff.statusCode).toBe(403);
    expect(notStaff.body).toContain('<h1>Staff only</h1>');
    expect((await app.inject({ method: 'GET', url: '/admin', headers: { cookie: 'who=staff' } })).statusCode).toBe(200);
    const pending = await app.inject({ method: 'GET', url: '/mine', headers: { cookie: 'who=pending' } });
    expect(pending.statusCode).toBe(403);
    expect(pending.body).toContain('<h1>Finish signing up first</h1>');
    expect((await app.inject({ method: 'GET', url: '/mine', headers: { cookie: 'who=plain' } })).statusCode).toBe(200);
  });

  it('an unexpected failure is the 500 page with the request id; a service error keeps the error body', async () => {
    const broken = definePage({
      method: 'GET',
      path: '/broken',
      guard: 'public',
      handler: async () => {
        throw new TypeError('x is not a function');
      },
    });
    const refused = definePage({
      method: 'GET',
      path: '/gone',
      guard: 'public',
      handler: async () => {
        throw AppError.notFound('No such thing.');
      },
    });
    const app = await site([broken, refused]);
    const failed = await app.inject({ method: 'GET', url: '/broken' });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-type']).toMatch(/^text\/html/);
    expect(failed.body).toContain(`<code>${String(failed.headers['x-request-id'])}</code>`);
    expect(failed.body).toContain('Something went wrong on our side.');
    const gone = await app.inject({ method: 'GET', url: '/gone' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'No such thing.', code: 'not_found' });
  });

  it('a signed-in page carries the unread count in the header; none at 0, on a failed read, or for nobody', async () => {
    const signedIn = definePage({
      method: 'GET',
      path: '/mine',
      guard: 'visitor',
      handler: async (_req, reply, caller) => sendPage(reply, { title: 'Mine', signedIn: !!caller, body: html`<h1>Mine</h1>` }),
    });
    const badge =
      /<a href="\/me\/notifications">Notifications <span class="badge" id="unread-count">([^<]+)<span class="visually-hidden"> unread<\/span><\/span><\/a>/;
    const many = await site([signedIn], 120);
    expect(badge.exec((await many.inject({ method: 'GET', url: '/mine', headers: { cookie: 'who=plain' } })).body)?.[1]).toBe('99+');
    const three = await site([signedIn], 3);
    expect(badge.exec((await three.inject({ method: 'GET', url: '/mine', headers: { cookie: 'who=plain' } })).body)?.[1]).toBe('3');
    const failed = (await three.inject({ method: 'GET', url: '/mine', headers: { cookie: 'who=staff' } })).body;
    expect(failed).toContain('<a href="/me/notifications">Notifications</a>');
    expect((await three.inject({ method: 'GET', url: '/mine' })).body).not.toContain('unread-count');
    const none = await site([signedIn], 0);
    expect((await none.inject({ method: 'GET', url: '/mine', headers: { cookie: 'who=plain' } })).body).toContain(
      '<a href="/me/notifications">Notifications</a>',
    );
  });

  it('the paths the definitions name answer other methods with 405, from the routes themselves', async () => {
    const app = await site([shows('public', '/a')]);
    const wrong = await app.inject({ method: 'DELETE', url: '/a' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
  });
});
