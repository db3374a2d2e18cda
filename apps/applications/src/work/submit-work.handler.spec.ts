import { AppError, type Caller, lockWorkerFiles, type Operation, releaseWorkerFiles } from '@marketplace/contracts';
import type { BusClient, Logger } from '@marketplace/service-kit';
import { describe, expect, it, vi } from 'vitest';

import type { HireRow } from '../hiring/hiring.queries.js';
import { SubmitWorkHandler } from './submit-work.handler.js';
import type { Step, WorkSteps } from './work-steps.js';

// The submission's own statements, as the work area's queries module runs them (checked against
// PostgreSQL in work.queries.medium.spec.ts); the event still goes through the unit of work's manager.
const submissions = vi.hoisted(() => ({ inserted: [] as unknown[] }));
vi.mock('./work.queries.js', () => ({
  lastRound: async () => 0,
  insertSubmission: async (_on: unknown, row: unknown) => {
    submissions.inserted.push(row);
  },
}));

const caller: Caller = { memberId: 'worker-1', via: 'key', scopes: [], staff: false, emailVerified: true };
const ctx = { requestId: 'r', caller, surface: 'rest' as const };
const jobId = '22222222-2222-4222-8222-222222222222';
const fileId = '44444444-4444-4444-8444-444444444444';
const hire = { id: '11111111-1111-4111-8111-111111111111', job_id: jobId, worker_id: 'worker-1', poster_id: 'poster-1', title: 'T' } as unknown as HireRow;
const quiet = { warn: () => undefined } as unknown as Logger;

/** Work steps that run the submission's writes, then fail as a commit or a later check would. */
function setup(failAfterApply: boolean, releaseFails = false) {
  const calls: { op: string; input: any }[] = [];
  const bus = {
    call: vi.fn(async (op: Operation, input: any) => {
      calls.push({ op: op.name, input });
      if (op === lockWorkerFiles) return { files: [{ id: fileId, path: 'out.png', size: 3 }] };
      if (op === releaseWorkerFiles) {
        if (releaseFails) throw AppError.unavailable('down');
        return { released: 1 };
      }
      throw new Error(`unexpected ${op.name}`);
    }),
  } as unknown as BusClient;
  const inserted: any[] = submissions.inserted;
  inserted.length = 0;
  // The event's outbox row goes through the kit's typed statement on the transaction's runner.
  const em = {
    queryRunner: {
      isReleased: false,
      connect: async () => ({
        query: async ({ text, values }: { text: string; values: unknown[] }) => {
          if (text.startsWith('insert into "outbox_events"')) inserted.push({ subject: values[1], envelope: JSON.parse(String(values[2])) });
          return { rows: [], rowCount: 1 };
        },
      }),
    },
  };
  const work = {
    run: async (_jobId: string, _ctx: unknown, step: Step) => {
      await step.apply(em as never, hire, 'worker');
      if (failAfterApply) throw AppError.conflict('The job changed meanwhile; read the work again.');
      return { jobId } as never;
    },
  } as unknown as WorkSteps;
  return { handler: new SubmitWorkHandler(work, bus, quiet), calls, inserted };
}

const input = { id: jobId, body: 'Done', links: [], fileIds: [fileId] } as never;

describe('submit_work and the files it turns in', () => {
  it('a submission that does not commit releases the files it turned in, for that submission only', async () => {
    const { handler, calls, inserted } = setup(true);
    await expect(handler.handle(input, ctx)).rejects.toMatchObject({ status: 409 });
    const lock = calls.find((c) => c.op === lockWorkerFiles.name)!;
    expect(calls.map((c) => c.op)).toEqual([lockWorkerFiles.name, releaseWorkerFiles.name]);
    expect(calls[1]!.input).toEqual({ submissionId: lock.input.submissionId });
    expect(inserted[0].id).toBe(lock.input.submissionId);
  });

  it('answers the original error even when the release cannot be made (the files sweep frees them)', async () => {
    const { handler } = setup(true, true);
    await expect(handler.handle(input, ctx)).rejects.toMatchObject({ status: 409 });
  });

  it('a committed submission keeps them and names them in work.submitted', async () => {
    const { handler, calls, inserted } = setup(false);
    await handler.handle(input, ctx);
    expect(calls.map((c) => c.op)).toEqual([lockWorkerFiles.name]);
    const event = inserted.find((row) => row.subject === 'events.work.submitted.v1');
    expect(event.envelope.payload).toMatchObject({ round: 1, fileIds: [fileId] });
  });
});
