import { randomUUID } from 'node:crypto';

import {
  catalogue,
  eventDurableName,
  EVENTS_STREAM,
  listMyJobs,
  memberDeletedV1,
  operatorCreateApiKey,
  type ReplyEnvelope,
  type RequestEnvelope,
} from '@marketplace/contracts';
import { CallerSigner, decodeJson, encodeJson, generateCallerKeys } from '@marketplace/service-kit';
import { busCredentials, connectAs, createMember } from '@marketplace/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { describe, expect, inject, it } from 'vitest';

const nats = inject('natsUrl');

/** Collects the server's permission errors, which arrive on the connection rather than on the call. */
async function connectWatching(principal: Parameters<typeof connectAs>[1]): Promise<{ nc: NatsConnection; errors: string[] }> {
  const nc = await connectAs(nats, principal, `e2e-probe-${principal}`);
  const errors: string[] = [];
  void (async () => {
    for await (const s of nc.status()) if (s.type === 'error') errors.push(String(s.error));
  })();
  return { nc, errors };
}

async function send(nc: NatsConnection, subject: string, envelope: Partial<RequestEnvelope> & Record<string, unknown>): Promise<ReplyEnvelope> {
  const msg = await nc.request(subject, encodeJson({ requestId: randomUUID(), surface: 'rest', input: {}, ...envelope }), { timeout: 3000 });
  return decodeJson<ReplyEnvelope>(msg.data);
}

describe('a bus that trusts nobody', () => {
  it('a client without credentials cannot connect', async () => {
    await expect(connect({ servers: nats, reconnect: false })).rejects.toThrow(/authorization/i);
  });

  it("a service cannot call another service's operator operations", async () => {
    const { nc, errors } = await connectWatching('jobs');
    try {
      await expect(
        nc.request(operatorCreateApiKey.subject, encodeJson({ requestId: randomUUID(), surface: 'internal', input: { email: 'x@example.test', name: 'k' } }), {
          timeout: 1500,
        }),
      ).rejects.toThrow();
      await expect.poll(() => errors.join('\n')).toMatch(/permissions violation/i);
    } finally {
      await nc.close();
    }
  });

  it("a service cannot publish another service's events nor read other principals' replies", async () => {
    const { nc, errors } = await connectWatching('jobs');
    try {
      nc.publish(memberDeletedV1.subject, encodeJson({ id: randomUUID(), payload: {} }));
      nc.subscribe('_INBOX.>');
      nc.subscribe('_INBOX.gateway.>');
      await nc.flush();
      await expect.poll(() => errors.filter((e) => /permissions violation/i.test(e)).length).toBeGreaterThanOrEqual(3);
      expect(errors.join('\n')).toContain(memberDeletedV1.subject);
    } finally {
      await nc.close();
    }
  });

  it("a service may use only its own durable consumers: another's is refused for info, pull and ack", async () => {
    const theirs = eventDurableName('notifications', 'comment-alert');
    const mine = eventDurableName('files', 'member-deleted-files');
    const { nc, errors } = await connectWatching('files');
    try {
      const jsm = await jetstreamManager(nc);
      // Its own durable: created at start by the files service, readable by its user.
      expect((await jsm.consumers.info(EVENTS_STREAM, mine)).name).toBe(mine);
      await expect(jsm.consumers.info(EVENTS_STREAM, theirs)).rejects.toThrow();
      await expect(
        nc.request(`$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${theirs}`, encodeJson({ batch: 1, expires: 500_000_000 }), { timeout: 1500 }),
      ).rejects.toThrow();
      await expect(jsm.consumers.add(EVENTS_STREAM, { durable_name: theirs, filter_subject: memberDeletedV1.subject })).rejects.toThrow();
      nc.publish(`$JS.ACK.${EVENTS_STREAM}.${theirs}.1.1.1.1.0`, '+ACK');
      await nc.flush();
      await expect.poll(() => errors.join('\n')).toContain(`$JS.ACK.${EVENTS_STREAM}.${theirs}`);
      for (const subject of [`$JS.API.CONSUMER.INFO.${EVENTS_STREAM}.${theirs}`, `$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${theirs}`]) {
        expect(errors.join('\n')).toContain(subject);
      }
      expect(errors.join('\n')).not.toContain(mine);
    } finally {
      await nc.close();
    }
    // The owner still reads its durable.
    const owner = await connectAs(nats, 'notifications', 'e2e-probe-owner');
    try {
      expect((await (await jetstreamManager(owner)).consumers.info(EVENTS_STREAM, theirs)).name).toBe(theirs);
    } finally {
      await owner.close();
    }
  });

  it('a forged caller is refused: unsigned, signed with another key, or claimed in plain JSON', async () => {
    const member = await createMember(nats);
    const nc = await connectAs(nats, 'gateway', 'e2e-forger');
    try {
      const plain = await send(nc, listMyJobs.subject, { caller: { memberId: member.id, via: 'key', scopes: [], staff: true, emailVerified: true } });
      expect(plain).toMatchObject({ ok: false, error: { status: 401 } });
      const otherKey = await CallerSigner.fromJwk((await generateCallerKeys()).signingKey);
      const forged = await otherKey.sign({ memberId: member.id, via: 'key', scopes: [], staff: true, emailVerified: true }, 'rest');
      expect(await send(nc, listMyJobs.subject, { callerToken: forged })).toMatchObject({ ok: false, error: { status: 401 } });
      // The same request signed with this deployment's key is answered: the refusals above are the signature's doing.
      const signer = await CallerSigner.fromJwk(busCredentials().callerSigningKey);
      const genuine = await signer.sign({ memberId: member.id, via: 'key', scopes: [], staff: false, emailVerified: true }, 'rest');
      expect(await send(nc, listMyJobs.subject, { callerToken: genuine })).toMatchObject({ ok: true });
    } finally {
      await nc.close();
    }
  });

  it('every operation of the catalogue has a responder', async () => {
    const nc = await connectAs(nats, 'operator');
    const gateway = await connectAs(nats, 'gateway');
    try {
      const silent: string[] = [];
      await Promise.all(
        catalogue.map(async (op) => {
          const principal = op.access === 'internal' ? op.callers?.[0] : 'operator';
          const conn = principal === 'gateway' ? gateway : principal === 'operator' ? nc : await connectAs(nats, principal!);
          try {
            // An empty input is invalid for most operations: any reply at all shows a responder listens.
            await conn.request(op.subject, encodeJson({ requestId: randomUUID(), surface: 'internal', input: { __probe: true } }), { timeout: 3000 });
          } catch (err) {
            silent.push(`${op.subject}: ${String(err)}`);
          } finally {
            if (conn !== gateway && conn !== nc) await conn.close();
          }
        }),
      );
      expect(silent).toEqual([]);
    } finally {
      await nc.close();
      await gateway.close();
    }
  });
});
