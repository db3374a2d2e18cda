import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getFreePort, type ProcessLayout, processLayout, startInfrastructure, startServices } from '@marketplace/local-stack';
import { startDnsServer, startNetworkProvider } from '@marketplace/testing';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    natsUrl: string;
    databaseUrl: string;
    controlUrl: string;
    /** Where the local mail catcher stores each message (<id>.json + <id>.eml). */
    mailDir: string;
    /** Federated sign-in is configured against this issuer; oidc.e2e.ts runs the provider there. */
    oidcIssuer: string;
    /** Port a test may serve OAuth client metadata documents on (https://127.0.0.1:PORT/… client ids). */
    clientMetadataPort: number;
    /** The gateway's own health server (what the Kubernetes probes ask). */
    gatewayHealthUrl: string;
    /** This run's OAUTH_SIGNING_KEYS and OAUTH_COOKIE_KEYS (the gateway's; a test replica uses them too). */
    oauthKeys: { signingKeys: string; cookieKeys: string };
    /** The run's object storage (S3_ENDPOINT, keys, bucket, region), for tests that put or check objects directly. */
    s3: { endpoint: string; accessKey: string; secretKey: string; bucket: string; region: string };
    /** This system's bus secrets (JSON); bus-credentials.setup.ts hands them to each test process. */
    busCredentials: string;
    /** The zone file of the DNS server names members give are looked up with (OUTBOUND_DNS_SERVERS): `{name: [addresses]}`. */
    dnsZoneFile: string;
  }
}

/** Tests may tune limits; these values are what the suites below are written against. */
export const E2E_ENV = {
  // The shipped default (5 s), not a shorter one: on a loaded two-core machine running every
  // service in one process, a shorter wait turned an ordinary slow answer into a 503 now and then.
  BUS_TIMEOUT_MS: '5000',
  JOB_POSTS_PER_MINUTE: '1000',
  // The generated bad-input test sends thousands of MCP calls with one agent; the per-agent limit is proven by identity's medium test.
  OAUTH_REQUESTS_PER_MINUTE: '100000',
  // The job board: sweep expired jobs and flush audience counts quickly so tests need not wait.
  JOB_EXPIRY_SWEEP_MS: '300',
  AUDIENCE_FLUSH_MS: '200',
  // The gateway sends its MCP tool-call counts to admin this often, so the staff count shows them soon.
  MCP_USAGE_FLUSH_MS: '200',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Tests stand in for many clients by sending X-Forwarded-For (sign-in links are limited per address).
  TRUST_PROXY: 'true',
  STAFF_EMAIL_DOMAINS: 'staff.example.test',
  // Alert emails: a member gets at most one per window; two seconds keeps batching visible and tests quick.
  EMAIL_ALERT_WINDOW_SECONDS: '2',
  // Recordings: the sweep of abandoned uploads and discarded recordings runs every second, so tests see storage freed soon.
  RECORDING_SWEEP_SECONDS: '1',
  // The disk budget of a recording's check (1 GiB shipped): 8 MiB, so a test can go past it; every other recording in the suites is far smaller.
  RECORDING_CHECK_MAX_BYTES: String(8 * 1024 * 1024),
  // Webhooks: retries from 300 ms, doubling up to 2 s, so a receiver failing three times is delivered within seconds.
  WEBHOOK_RETRY_BASE_MS: '300',
  WEBHOOK_RETRY_MAX_MS: '2000',
  // The identity provider's webhook: two secrets, as during a rotation; the test provider signs with either.
  IDENTITY_WEBHOOK_SECRET: 'idp-e2e-current-secret,idp-e2e-previous-secret',
};

/** Federated sign-in: identity discovers the provider on first use, so the test may start it later. */
export const E2E_OIDC = { clientId: 'marketplace-e2e', clientSecret: 'e2e-client-secret-0123456789abcdef', name: 'Test ID' };

/**
 * Boots the whole system once per run: infrastructure from the environment or the embedded
 * defaults (the same as `npm start`), every service in one process as `npm start` runs them
 * (MARKETPLACE_PROCESSES=per-service: each in its own), and the gateway.
 */
export default function setup(project: TestProject): Promise<() => Promise<void>> {
  return startSystem(project, processLayout(process.env));
}

/** The same system with the given layout (the e2e-per-service project's files crash single processes). */
export async function startSystem(project: TestProject, layout: ProcessLayout): Promise<() => Promise<void>> {
  const started = Date.now();
  const lines: string[] = [];
  // Every warning and error of the services, kept whole for whoever reads a failed run (a 503 is a
  // warning, and the console shows only errors); the runner names the file at the end.
  const serviceLog = createWriteStream(
    join(process.env.MARKETPLACE_TEST_RESULTS_DIR ?? mkdtempSync(join(tmpdir(), 'marketplace-e2e-log-')), `services-${layout}.log`),
    { flags: 'a' },
  );
  // The network profile provider is a local HTTP server speaking the provider protocol.
  const network = await startNetworkProvider();
  // Names members give (webhook hosts) resolve through a DNS server the tests can re-point.
  const dnsZoneFile = join(mkdtempSync(join(tmpdir(), 'marketplace-dns-')), 'zone.json');
  writeFileSync(dnsZoneFile, '{}');
  const dns = await startDnsServer(dnsZoneFile);
  const infra = await startInfrastructure({
    dataDir: mkdtempSync(join(tmpdir(), 'marketplace-e2e-')),
    ephemeral: true,
    log: (l) => lines.push(l),
  });
  const oidcIssuer = `http://127.0.0.1:${await getFreePort()}`;
  const clientMetadataPort = await getFreePort();
  const system = await startServices({
    infra,
    rootDir: process.cwd(),
    layout,
    env: {
      ...E2E_ENV,
      OIDC_ISSUER: oidcIssuer,
      OIDC_CLIENT_ID: E2E_OIDC.clientId,
      OIDC_CLIENT_SECRET: E2E_OIDC.clientSecret,
      OIDC_NAME: E2E_OIDC.name,
      NETWORK_PROVIDER_URL: network.url,
      OUTBOUND_DNS_SERVERS: dns.address,
      OAUTH_CLIENT_METADATA_LOOPBACK_ORIGIN: `http://127.0.0.1:${clientMetadataPort}`,
    },
    log: (app, line) => {
      if (process.env.E2E_VERBOSE || /"level":(50|60)/.test(line)) process.stdout.write(`[${app}] ${line}\n`);
      if (/"level":(40|50|60)/.test(line)) serviceLog.write(`[${app}] ${line}\n`);
    },
  }).catch(async (err) => {
    await infra.stop();
    throw err;
  });

  // Lets a test stop and start one service process, for outage tests; a JSON body to /start/<app>
  // restarts it with those environment overrides (`{}` restores its own). /kill/<app> is a crash (SIGKILL);
  // /roll/<app> replaces it as a rolling update does. GET /health-url/<app> names its health server
  // (a rolled process has a new one); GET /layout says whether the services share one process, and
  // GET /pid/<app> which process runs an app.
  const control = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/layout') return void res.writeHead(200).end(system.layout);
    const pid = /^\/pid\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    if (req.method === 'GET' && pid) {
      const found = system.apps.includes(pid) ? system.pid(pid) : undefined;
      return void (found === undefined ? res.writeHead(404).end() : res.writeHead(200).end(String(found)));
    }
    const health = /^\/health-url\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && health) {
      return void (system.apps.includes(health[1]!) ? res.writeHead(200).end(system.healthUrl(health[1]!)) : res.writeHead(404).end());
    }
    const m = /^\/(stop|start|kill|roll)\/([\w-]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const env = text ? (JSON.parse(text) as Record<string, string>) : undefined;
      const action =
        m[1] === 'stop' ? system.stop(m[2]!) : m[1] === 'kill' ? system.kill(m[2]!) : m[1] === 'roll' ? system.roll(m[2]!) : system.start(m[2]!, env);
      action.then(
        () => res.writeHead(204).end(),
        (err: Error) => res.writeHead(500).end(err.message),
      );
    });
  });
  await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
  const address = control.address();
  const controlUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

  project.provide('baseUrl', system.baseUrl);
  project.provide('gatewayHealthUrl', system.healthUrl('gateway'));
  project.provide('natsUrl', infra.natsUrl);
  project.provide('databaseUrl', infra.databaseUrl);
  project.provide('controlUrl', controlUrl);
  project.provide('mailDir', infra.mail?.dir ?? '');
  project.provide('oidcIssuer', oidcIssuer);
  project.provide('clientMetadataPort', clientMetadataPort);
  project.provide('oauthKeys', infra.oauth);
  project.provide('s3', infra.s3);
  // Test processes reach the bus as the principal a check stands in for (operator, a service). Each
  // project has its own system, so its secrets travel with the project, not through this process's env.
  project.provide('busCredentials', JSON.stringify(infra.bus.credentials));
  project.provide('dnsZoneFile', dnsZoneFile);
  process.stdout.write(`e2e system (${layout}) up at ${system.baseUrl} in ${Date.now() - started} ms\n`);

  return async () => {
    control.close();
    await system.stopAll();
    await infra.stop();
    await network.stop();
    await dns.stop();
    await new Promise<void>((resolve) => {
      serviceLog.end(resolve);
    });
  };
}
