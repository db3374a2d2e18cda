import { randomUUID } from 'node:crypto';

import { api, createMembers, randomClientIp } from '@marketplace/testing';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { ALLOWED_FINDINGS, type ContractCheck, GENERATOR_RULES } from './support/openapi-contract/contract-allow-list.js';
import { type CallerGroup, callerGroup, CallerPools } from './support/openapi-contract/contract-callers.js';
import { allowsAnonymous, type DocOperation, documentOperations, type OpenApiDocument } from './support/openapi-contract/document-operations.js';
import { inPool, send } from './support/openapi-contract/http-send.js';
import { type PlanContext, type PlannedRequest, planRequests } from './support/openapi-contract/request-plan.js';
import { type Finding, judge } from './support/openapi-contract/response-verdict.js';
import { SchemaValidator } from './support/openapi-contract/schema-validator.js';

/**
 * The OpenAPI document as a third-party tool reads it (issue 52, item 8): a contract fuzzer in the
 * manner of Schemathesis, driven by /api/openapi.json alone. For every operation the document
 * lists, fast-check draws requests from its parameter and body schemas, valid ones and ones that
 * break exactly one rule, sent anonymously and with an API key of a throwaway member, and every
 * answer is checked: no server error, a declared status, media type and body schema, valid input
 * not refused with 400, invalid input not accepted, no anonymous caller let in where the document
 * asks for a credential. Every path also answers the methods it does not serve with 405.
 *
 * What it finds on purpose is listed, with the reason, in support/openapi-contract/contract-allow-list.ts;
 * anything else fails. The seed is fixed and the runs per operation few, so CI's run takes a
 * couple of minutes and a failure repeats.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

/**
 * Issue 52, item 8: every run draws the same requests. A deeper search locally (not in CI):
 * OPENAPI_CONTRACT_SCALE=10 draws ten times as many, OPENAPI_CONTRACT_SEED another set.
 */
const SEED = Number(process.env.OPENAPI_CONTRACT_SEED ?? 52_008);
const SCALE = Math.max(1, Number(process.env.OPENAPI_CONTRACT_SCALE ?? 1));
const scaled = (counts: { valid: number; invalid: number }) => ({ valid: counts.valid * SCALE, invalid: counts.invalid * SCALE });
/** Requests per operation: with a key; anonymously where the document lets anyone in; anonymously where it does not (401 whatever is sent). */
const WITH_KEY = scaled({ valid: 6, invalid: 6 });
const ANONYMOUS_OPEN = scaled({ valid: 3, invalid: 3 });
const ANONYMOUS_CLOSED = { valid: 1, invalid: 1 };
/** Requests in flight: enough to keep a shared two-core machine busy, not to flood it. */
const CONCURRENCY = 6;
/** Methods a tool may try on any path (OpenAPI's, and QUERY); HEAD comes with GET. */
const PROBED_METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY'] as const;
const ANY_ID = '00000000-0000-4000-8000-000000000000';

interface Known {
  memberId: string;
  jobId: string;
  applicationId: string;
  commentId: string;
}

/** A job with an application and a comment, so reads of real records are drawn beside random ids. */
async function makeKnown(): Promise<Known> {
  const [poster, applicant] = await createMembers(nats, 2);
  const job = await api(base, '/api/me/jobs', {
    key: poster!.key,
    body: { title: 'Contract fuzzing fixture', category: 'data', constraints: '## Scope\nA job the contract fuzzer reads.' },
  });
  expect(job.status, JSON.stringify(job.body)).toBe(201);
  const application = await api(base, `/api/jobs/${job.body.id}/applications`, {
    key: applicant!.key,
    body: { pitch: 'I can do this.', acceptResponsibility: true, model: 'contract-fuzzer' },
  });
  expect(application.status, JSON.stringify(application.body)).toBe(201);
  const comment = await api(base, `/api/jobs/${job.body.id}/comments`, { key: applicant!.key, body: { body: 'When is it due?' } });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  return { memberId: poster!.id, jobId: job.body.id, applicationId: application.body.id, commentId: comment.body.id };
}

function knownValues(known: Known): PlanContext['knownValues'] {
  return (path, param) => {
    if (param !== 'id') return [];
    if (path.startsWith('/api/members/')) return [known.memberId];
    if (path.startsWith('/api/comments/')) return [known.commentId];
    if (/applications\/\{id\}/.test(path)) return [known.applicationId];
    if (/^\/api\/(me\/)?jobs\/\{id\}/.test(path)) return [known.jobId];
    return [];
  };
}

async function byteSamples(): Promise<{ png: Buffer; jpeg: Buffer }> {
  const image = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } });
  return { png: await image().png().toBuffer(), jpeg: await image().jpeg().toBuffer() };
}

interface Planned {
  req: PlannedRequest;
  group: CallerGroup;
}

function plan(ctx: PlanContext, ops: readonly DocOperation[]): Planned[] {
  const out: Planned[] = [];
  for (const op of ops) {
    const group = callerGroup(op);
    for (const req of planRequests(ctx, op, 'apiKey', WITH_KEY, SEED)) out.push({ req, group });
    const anonymous = allowsAnonymous(op) ? ANONYMOUS_OPEN : ANONYMOUS_CLOSED;
    for (const req of planRequests(ctx, op, 'anonymous', anonymous, SEED)) out.push({ req, group });
  }
  return out;
}

function allowed(finding: Finding): boolean {
  return ALLOWED_FINDINGS.some((a) => a.operation === finding.operation && a.check === finding.check && a.when.test(finding.detail));
}

/** One line per operation and check, with how often and one example. */
function report(findings: readonly Finding[]): string[] {
  const grouped = new Map<string, Finding[]>();
  for (const f of findings) grouped.set(`${f.operation} | ${f.check}`, [...(grouped.get(`${f.operation} | ${f.check}`) ?? []), f]);
  return [...grouped].map(([key, list]) => `${key} (${list.length}×): ${list[0]!.detail}`);
}

describe('the OpenAPI document, read as a contract fuzzer reads it', () => {
  let doc: OpenApiDocument;
  let ops: DocOperation[];
  let ctx: PlanContext;
  const validator = new SchemaValidator();

  beforeAll(async () => {
    const res = await api(base, '/api/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
    ops = documentOperations(doc);
    const [known, images] = await Promise.all([makeKnown(), byteSamples()]);
    ctx = {
      validator,
      samples: { base64: images.png.toString('base64') },
      rawSamples: { 'image/png': images.png, 'image/jpeg': images.jpeg },
      knownValues: knownValues(known),
    };
  }, 120_000);

  it('answers every operation as the document declares, for valid and invalid input, with a key and without', async () => {
    const started = Date.now();
    const planned = plan(ctx, ops);
    const needed = new Map<CallerGroup, number>();
    for (const { req, group } of planned) if (req.credential === 'apiKey') needed.set(group, (needed.get(group) ?? 0) + 1);
    const pools = await CallerPools.create(nats, needed);
    const withKeys = planned.map(({ req, group }) => ({ req, key: req.credential === 'apiKey' ? pools.nextKey(group) : undefined }));
    const findings: Finding[] = [];
    const failures: string[] = [];
    // What was exercised, for the log: answers by status class, and success bodies checked against a schema.
    const classes = new Map<string, number>();
    let bodiesChecked = 0;
    await inPool(withKeys, CONCURRENCY, async ({ req, key }) => {
      const headers: Record<string, string> = { ...req.headers, 'x-forwarded-for': randomClientIp() };
      if (key) headers.authorization = `Bearer ${key}`;
      // As the document asks: a fresh key for every write, never its example.
      if (req.freshIdempotencyKey) headers['Idempotency-Key'] = randomUUID();
      try {
        const answer = await send(base, req.method, req.url, headers, req.body);
        const statusClass = `${String(answer.status)[0]}xx`;
        classes.set(statusClass, (classes.get(statusClass) ?? 0) + 1);
        if (answer.status < 300 && /json/.test(answer.contentType)) bodiesChecked++;
        findings.push(...judge(validator, req, answer));
      } catch (err) {
        failures.push(`${req.method} ${req.url}: ${(err as Error).message}`);
      }
    });
    const unexpected = findings.filter((f) => !allowed(f));
    const counts = new Map<ContractCheck, number>();
    for (const f of unexpected) counts.set(f.check, (counts.get(f.check) ?? 0) + 1);
    console.log(
      `openapi-contract: ${planned.length} requests over ${ops.length} operations in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(seed ${SEED}, scale ${SCALE}); answers ${[...classes]
          .sort()
          .map(([c, n]) => `${c} ${n}`)
          .join(', ')}; ${bodiesChecked} success bodies checked; ` +
        `${findings.length - unexpected.length} allowed findings, ${unexpected.length} others; generator rules: ${GENERATOR_RULES.map((r) => r.rule).join('; ')}`,
    );
    // Printed whole, one line per operation and check: the assertion's diff would cut a long list short.
    if (unexpected.length) console.log(report(unexpected).join('\n'));
    expect(failures).toEqual([]);
    expect(report(unexpected).length, 'findings outside the allow-list (printed above)').toBe(0);
  }, 600_000);

  it('answers every method a path does not serve with 405 and an Allow header naming the methods it serves', async () => {
    const findings: string[] = [];
    const paths = Object.entries(doc.paths as Record<string, Record<string, unknown>>);
    const probes = paths.flatMap(([path, item]) => {
      const documented = Object.keys(item).map((m) => m.toUpperCase());
      return PROBED_METHODS.filter((m) => !documented.includes(m)).map((method) => ({ path, method, documented }));
    });
    await inPool(probes, CONCURRENCY, async ({ path, method, documented }) => {
      const url = path.replace(/\{\w+\}/g, ANY_ID);
      // A body the JSON parser would refuse: the 405 must come before the body is read.
      const withBody = method !== 'GET' && method !== 'TRACE';
      const answer = await send(
        base,
        method,
        url,
        { 'x-forwarded-for': randomClientIp(), ...(withBody ? { 'content-type': 'application/json' } : {}) },
        withBody ? '{"a":' : undefined,
      );
      const allow = (answer.headers.get('allow') ?? '').split(/\s*,\s*/);
      if (answer.status !== 405 || documented.some((m) => !allow.includes(m))) {
        findings.push(`${method} ${path} → ${answer.status} allow=${answer.headers.get('allow')} ${answer.text.slice(0, 200)}`);
      }
    });
    const unexpected = findings.filter(
      (f) => !ALLOWED_FINDINGS.some((a) => a.check === 'method not answered with 405' && f.startsWith(`${a.operation} `) && a.when.test(f)),
    );
    if (unexpected.length) console.log(unexpected.sort().join('\n'));
    expect(unexpected.length, 'paths not answering 405 (printed above)').toBe(0);
  }, 300_000);
});
