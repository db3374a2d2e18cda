import { describe, expect, it } from 'vitest';

import { catalogue } from '../catalogue.js';
import { EVENTS_STREAM } from '../events/event.js';
import { eventCatalogue } from '../events/event-catalogue.js';
import { EVENT_CONSUMER_NAMES, eventDurables } from '../events/event-consumers.js';
import { workStreamName } from '../queues/queue.js';
import { BUS_SERVICES, busPermissions } from './bus-permissions.js';

const internal = catalogue.filter((op) => op.access === 'internal');
const exposed = catalogue.filter((op) => op.access !== 'internal');

describe('bus permissions from the catalogue', () => {
  it('every internal operation names who may call it, and nothing internal is on REST or MCP', () => {
    for (const op of internal) {
      expect(op.callers?.length, op.name).toBeGreaterThan(0);
      expect(op.rest, op.name).toBeUndefined();
      expect(op.mcp, op.name).toBeUndefined();
    }
  });

  it('only the gateway and the operator tool may send public operations', () => {
    for (const service of BUS_SERVICES) {
      const { publish } = busPermissions(service);
      for (const op of exposed) expect(publish, `${service} -> ${op.subject}`).not.toContain(op.subject);
    }
    for (const op of exposed) {
      expect(busPermissions('gateway').publish).toContain(op.subject);
      expect(busPermissions('operator').publish).toContain(op.subject);
    }
  });

  it("operator operations are the operator tool's alone", () => {
    const operatorOps = internal.filter((op) => op.name.startsWith('operator'));
    expect(operatorOps.length).toBeGreaterThan(0);
    for (const op of operatorOps) {
      expect(busPermissions('operator').publish).toContain(op.subject);
      for (const principal of [...BUS_SERVICES, 'gateway'] as const) {
        expect(busPermissions(principal).publish, `${principal} -> ${op.subject}`).not.toContain(op.subject);
      }
    }
  });

  it("a service publishes only its own events and never listens to another principal's replies", () => {
    for (const service of BUS_SERVICES) {
      const { publish, subscribe } = busPermissions(service);
      for (const event of eventCatalogue) {
        expect(publish.includes(event.subject), `${service} publishing ${event.subject}`).toBe(event.producer === service);
      }
      expect(publish.some((s) => s.startsWith('events.>') || s === '>' || s.startsWith('_INBOX'))).toBe(false);
      expect(subscribe).toContain(`_INBOX.${service}.>`);
      expect(subscribe.filter((s) => s.startsWith('_INBOX'))).toEqual([`_INBOX.${service}.>`]);
    }
  });

  it('knows every event the services produce', () => {
    expect(new Set(eventCatalogue.map((e) => e.subject)).size).toBe(eventCatalogue.length);
    expect(eventCatalogue.map((e) => e.type)).toEqual(expect.arrayContaining(['member.deleted', 'job.posted', 'application.submitted']));
  });

  it('a service reaches its own durables on the events stream and no other consumer there', () => {
    const durables = new Set(BUS_SERVICES.flatMap((s) => eventDurables(s)));
    expect(durables.size).toBe(BUS_SERVICES.reduce((n, s) => n + EVENT_CONSUMER_NAMES[s].length, 0));
    for (const service of BUS_SERVICES) {
      const { publish } = busPermissions(service);
      const onEvents = publish.filter((s) => s.startsWith('$JS.') && s.includes(`.${EVENTS_STREAM}.`) && !s.startsWith('$JS.API.STREAM.'));
      const own = eventDurables(service);
      for (const subject of onEvents) {
        expect(subject, `${service}: ${subject}`).not.toMatch(new RegExp(`\\.${EVENTS_STREAM}\\.(>|\\*)`));
        expect(
          own.some((d) => subject.includes(`.${EVENTS_STREAM}.${d}`)),
          `${service}: ${subject}`,
        ).toBe(true);
      }
      // The outbox relay reads what it published back by sequence.
      expect(publish).toContain(`$JS.API.STREAM.MSG.GET.${EVENTS_STREAM}`);
      for (const durable of own) {
        expect(publish).toContain(`$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${durable}`);
        expect(publish).toContain(`$JS.ACK.${EVENTS_STREAM}.${durable}.>`);
      }
      // Its own work stream holds only its own consumers.
      expect(publish).toContain(`$JS.API.CONSUMER.MSG.NEXT.${workStreamName(service)}.>`);
      for (const other of BUS_SERVICES.filter((s) => s !== service)) {
        expect(
          publish.some((s) => s.includes(workStreamName(other))),
          `${service} on ${other}'s work`,
        ).toBe(false);
      }
    }
    expect(busPermissions('gateway').publish.some((s) => s.startsWith('$JS.'))).toBe(false);
    expect(busPermissions('operator').publish.filter((s) => s.startsWith('$JS.API.CONSUMER') || s.startsWith('$JS.ACK'))).toEqual([]);
  });
});
