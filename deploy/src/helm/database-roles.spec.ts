import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { createDataSource, inServiceScope, migrate } from '@marketplace/service-kit';
import { testDatabaseUrl } from '@marketplace/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CHART } from './render-chart.js';

/**
 * The chart's database-roles Job (files/service-role.sql) against a real PostgreSQL: the role a
 * service's URL names gets its own schema and nothing else, whoever connects as it. The Job runs
 * the file with psql and one call per app (chart-templates.spec.ts checks those lines); here the
 * same functions are called on one session, as psql does.
 */

const SQL = readFileSync(resolve(CHART, 'files/service-role.sql'), 'utf8');
const run = randomBytes(4).toString('hex');
const name = (what: string) => `t${run}_${what}`;

let serverUrl: URL;
const roles: string[] = [];
const schemas: string[] = [];
const clients: pg.Client[] = [];

async function connect(url: string | URL): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: String(url) });
  await client.connect();
  clients.push(client);
  return client;
}

/** An admin session with the Job's functions loaded. */
async function adminSession(url: URL = serverUrl): Promise<pg.Client> {
  const admin = await connect(url);
  await admin.query(SQL);
  return admin;
}

/** The service's URL as the chart gives it: its role and password, percent-encoded. */
function serviceUrl(role: string, password: string): URL {
  const url = new URL(serverUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url;
}

async function serviceRole(admin: pg.Client, url: URL, schema: string, opts: { ownsSchema?: boolean; allowShared?: boolean } = {}): Promise<string> {
  const { rows } = await admin.query<{ done: string }>('SELECT pg_temp.marketplace_service_role($1, $2, $3, $4) AS done', [
    url.href,
    schema,
    opts.ownsSchema ?? false,
    opts.allowShared ?? false,
  ]);
  return rows[0]!.done;
}

/** The SQLSTATE-free message a statement fails with, or 'ok'. */
async function attempt(client: pg.Client, sql: string): Promise<string> {
  try {
    await client.query(sql);
    return 'ok';
  } catch (err) {
    return (err as Error).message;
  }
}

const ownerOf = async (admin: pg.Client, schema: string) =>
  (
    await admin.query<{ relname: string; owner: string }>(
      `SELECT relname, pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'S') ORDER BY relname`,
      [schema],
    )
  ).rows;

beforeAll(async () => {
  serverUrl = new URL(await testDatabaseUrl());
});

afterAll(async () => {
  for (const c of clients.splice(0)) await c.end().catch(() => undefined);
  const admin = await connect(serverUrl);
  for (const s of schemas) await admin.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
  for (const r of roles) {
    if ((await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [r])).rowCount) {
      await admin.query(`DROP OWNED BY "${r}"`);
      await admin.query(`DROP ROLE "${r}"`);
    }
  }
  await admin.end();
});

describe('files/service-role.sql: one PostgreSQL role per service', () => {
  it("lets the service read and write its own schema's tables, later ones included, and nothing else", async () => {
    const [role, schema, other] = [name('jobs'), name('jobs'), name('files')];
    roles.push(role);
    schemas.push(schema, other);
    const admin = await adminSession();
    // A password with what a URL must encode.
    const url = serviceUrl(role, 'p@ss/w:rd%x');
    expect(await serviceRole(admin, url, schema)).toBe(`${schema}: role ${role}, schema owned by ${serverUrl.username}`);
    // The migrations, as the admin, after the roles Job: default privileges cover their tables.
    await admin.query(`CREATE TABLE "${schema}".jobs (id serial PRIMARY KEY, title text)`);
    await admin.query(`CREATE TABLE "${schema}".audit (id bigint GENERATED ALWAYS AS IDENTITY, entry text)`);
    await admin.query(`CREATE SCHEMA "${other}"; CREATE TABLE "${other}".files (id int)`);

    const svc = await connect(url);
    expect(await attempt(svc, `INSERT INTO "${schema}".jobs (title) VALUES ('a'), ('b')`)).toBe('ok');
    expect(await attempt(svc, `INSERT INTO "${schema}".audit (entry) VALUES ('x')`)).toBe('ok');
    expect(await attempt(svc, `UPDATE "${schema}".jobs SET title = 'c' WHERE id = 1`)).toBe('ok');
    expect(await attempt(svc, `DELETE FROM "${schema}".jobs WHERE id = 2`)).toBe('ok');
    expect((await svc.query(`SELECT title FROM "${schema}".jobs`)).rows).toEqual([{ title: 'c' }]);
    // No DDL, no TRUNCATE: the service cannot drop a table or its triggers.
    expect(await attempt(svc, `TRUNCATE "${schema}".jobs`)).toMatch(/permission denied/);
    expect(await attempt(svc, `DROP TABLE "${schema}".jobs`)).toMatch(/must be owner/);
    expect(await attempt(svc, `CREATE TABLE "${schema}".extra (id int)`)).toMatch(/permission denied for schema/);
    // Another service's schema, and new schemas, are out of reach.
    expect(await attempt(svc, `SELECT * FROM "${other}".files`)).toMatch(/permission denied for schema/);
    expect(await attempt(svc, `CREATE SCHEMA "${name('mine')}"`)).toMatch(/permission denied for database/);
  });

  it('sets a changed password on the next run, and hands back to the admin what an earlier layout let the service own', async () => {
    const [role, schema] = [name('drafts'), name('drafts')];
    roles.push(role);
    schemas.push(schema);
    const admin = await adminSession();
    // Before: the service migrated its own schema (databaseRoles off, or migrations at start).
    await serviceRole(admin, serviceUrl(role, 'first-password'), schema, { ownsSchema: true });
    const before = await connect(serviceUrl(role, 'first-password'));
    await before.query(`CREATE TABLE "${schema}".drafts (id serial PRIMARY KEY)`);
    expect(await ownerOf(admin, schema)).toEqual([
      { relname: 'drafts', owner: role },
      { relname: 'drafts_id_seq', owner: role },
    ]);

    await serviceRole(admin, serviceUrl(role, 'second-password'), schema);
    expect(await ownerOf(admin, schema)).toEqual([
      { relname: 'drafts', owner: serverUrl.username },
      { relname: 'drafts_id_seq', owner: serverUrl.username },
    ]);
    await expect(connect(serviceUrl(role, 'first-password'))).rejects.toThrow(/password authentication failed/);
    const after = await connect(serviceUrl(role, 'second-password'));
    expect(await attempt(after, `INSERT INTO "${schema}".drafts DEFAULT VALUES`)).toBe('ok');
    expect(await attempt(after, `DROP TABLE "${schema}".drafts`)).toMatch(/must be owner/);
  });

  it("refuses the admin's own login or a superuser for a service, unless sharing is allowed", async () => {
    const [schema, superRole] = [name('notifications'), name('superuser')];
    schemas.push(schema);
    roles.push(superRole);
    const admin = await adminSession();
    const asAdmin = new URL(serverUrl);
    await expect(serviceRole(admin, asAdmin, schema)).rejects.toThrow(
      /logs in as .*, the admin or a role with administrative powers: .* allowSharedCredentials=true/,
    );
    expect(await serviceRole(admin, asAdmin, schema, { allowShared: true })).toBe(`${schema}: shared login ${serverUrl.username} left as it is`);
    await admin.query(`CREATE ROLE "${superRole}" LOGIN SUPERUSER PASSWORD 'x'`);
    await expect(serviceRole(admin, serviceUrl(superRole, 'x'), schema)).rejects.toThrow(/administrative powers/);
    await expect(serviceRole(admin, new URL('postgres://db.example/marketplace'), schema)).rejects.toThrow(/names no role/);
  });

  it("with migrations at start, makes the role its schema's owner, which service-kit's migrate() can then migrate", async () => {
    const [role, schema] = [name('files_start'), name('files_start')];
    roles.push(role);
    schemas.push(schema);
    const admin = await adminSession();
    const url = serviceUrl(role, 'start-password');
    await serviceRole(admin, url, schema, { ownsSchema: true });
    // As the service does with MIGRATE_ON_START: its own role, no right to create schemas.
    const ds = inServiceScope({ ...process.env, DATABASE_URL: url.href }, () => createDataSource({ schema, entities: [], migrations: [] }));
    ds.setOptions({ logging: false });
    await ds.initialize();
    try {
      expect((await migrate(ds, schema)).length).toBeGreaterThan(0);
      expect(await migrate(ds, schema)).toEqual([]);
    } finally {
      await ds.destroy();
    }
    const owners = new Set((await ownerOf(admin, schema)).map((r) => r.owner));
    expect([...owners]).toEqual([role]);
  });

  it("works for an admin that is no superuser (a managed server's login with CREATEROLE)", async () => {
    const [managed, role, schema] = [name('owner'), name('identity'), name('identity')];
    roles.push(role, managed);
    schemas.push(schema);
    const root = await connect(serverUrl);
    await root.query(`CREATE ROLE "${managed}" LOGIN CREATEROLE PASSWORD 'owner-password'`);
    await root.query(`GRANT CREATE ON DATABASE "${serverUrl.pathname.slice(1)}" TO "${managed}"`);
    const managedUrl = serviceUrl(managed, 'owner-password');
    const admin = await adminSession(managedUrl);
    expect(await serviceRole(admin, serviceUrl(role, 'identity-password'), schema)).toBe(`${schema}: role ${role}, schema owned by ${managed}`);
    await admin.query(`CREATE TABLE "${schema}".members (id int)`);
    const svc = await connect(serviceUrl(role, 'identity-password'));
    expect(await attempt(svc, `INSERT INTO "${schema}".members VALUES (1)`)).toBe('ok');
    // Switching layouts hands the objects over both ways, as the role's creator may.
    await serviceRole(admin, serviceUrl(role, 'identity-password'), schema, { ownsSchema: true });
    expect(await ownerOf(admin, schema)).toEqual([{ relname: 'members', owner: role }]);
  });
});
