import { AppError, type Caller, getApplicantProfile, getHiringJob, moveJobStatus, type Operation } from '@marketplace/contracts';
import type { BusClient, UnitOfWork } from '@marketplace/service-kit';
import { describe, expect, it, vi } from 'vitest';

import { AcceptApplicationHandler } from './accept-application.handler.js';

// The statements of accepting, as the areas' queries modules run them (checked against PostgreSQL in
// their medium tests): here the application is waiting, nobody is hired yet and nobody is leaving.
const store = vi.hoisted(() => ({ recordHire: async (): Promise<{ id: string; applicant_id: string }[]> => [] }));
vi.mock('../applying/applications.queries.js', () => ({ findApplication: async () => ({ ...application }) }));
vi.mock('../account/member-lock.js', () => ({
  lockHiringSharingMembers: async () => undefined,
  refuseLeavingMembers: async () => undefined,
}));
vi.mock('./hiring.queries.js', () => ({
  hasLiveHire: async () => false,
  hireExists: async () => false,
  recordHire: () => store.recordHire(),
}));

const caller: Caller = { memberId: 'poster-1', via: 'key', scopes: [], staff: false, emailVerified: true };
const ctx = { requestId: 'r', caller, surface: 'rest' as const };
const appId = '11111111-1111-4111-8111-111111111111';
const application = vi.hoisted(() => ({
  id: '11111111-1111-4111-8111-111111111111',
  job_id: '22222222-2222-4222-8222-222222222222',
  poster_id: 'poster-1',
  applicant_id: 'worker-1',
  status: 'submitted',
  applied_to: { title: 'T', version: 1 },
  created_at: new Date(),
  decided_at: null,
  applicant: { name: 'W', email: 'w@x', skills: [], city: null, state: null },
}));

/** A unit of work whose writes fail after the job moved, as when the database drops mid-accept. */
function setup(moveResult: { moved: boolean }) {
  const moves: unknown[] = [];
  const bus = {
    call: vi.fn(async (op: Operation, input: any) => {
      if (op === getHiringJob)
        return { id: application.job_id, acceptingApplications: true, version: 1, poster: {}, posterVisibility: 'public', preferredWorkers: [] };
      if (op === getApplicantProfile) return { name: 'P', email: 'p@x' };
      if (op === moveJobStatus) {
        moves.push(input);
        return moves.length === 1 ? { ...moveResult, status: 'in_progress', hiredApplicationId: appId } : { moved: true };
      }
      throw new Error(`unexpected ${op.name}`);
    }),
  } as unknown as BusClient;
  store.recordHire = async () => {
    throw Object.assign(new Error('Connection terminated'), { code: '57P01' });
  };
  const em: Record<string, unknown> = {
    // The decision's limit counts in its own transaction first (nothing counted yet: under the limit),
    // through the kit's typed statements, which run on the transaction's connection.
    queryRunner: {
      isReleased: false,
      connect: async () => ({
        query: async ({ text }: { text: string }) => ({
          rows: text.includes('limit_attempts') ? [{ count: 1, reset: 60, n0: 0, logged: true }] : [],
          rowCount: 0,
        }),
      }),
    },
  };
  em.transaction = async (work: (e: unknown) => Promise<unknown>) => work(em);
  const uow = { run: async (work: (e: unknown) => Promise<unknown>) => work(em) } as unknown as UnitOfWork;
  return { handler: new AcceptApplicationHandler(uow, bus), moves };
}

describe('accepting an application when the local write fails after the job moved', () => {
  it('moves the job back to open, so nothing is left half-done', async () => {
    const { handler, moves } = setup({ moved: true });
    await expect(handler.handle({ id: appId }, ctx)).rejects.toThrow(/Connection terminated/);
    expect(moves).toEqual([
      expect.objectContaining({ from: ['open'], to: 'in_progress', hiredApplicationId: appId }),
      expect.objectContaining({ from: ['in_progress'], to: 'open', hiredApplicationId: appId, reopen: false }),
    ]);
  });

  it('answers 409 and moves nothing back when the job was no longer open', async () => {
    const { handler, moves } = setup({ moved: false });
    const err = await handler.handle({ id: appId }, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect(moves).toHaveLength(1);
  });

  it('undoes an orphaned move left by an earlier accept that never finished, then hires', async () => {
    const orphan = '33333333-3333-4333-8333-333333333333';
    const moves: any[] = [];
    const bus = {
      call: vi.fn(async (op: Operation, input: any) => {
        if (op === getHiringJob)
          return { id: application.job_id, acceptingApplications: true, version: 1, poster: {}, posterVisibility: 'public', preferredWorkers: [] };
        if (op === getApplicantProfile) return { name: 'P', email: 'p@x' };
        moves.push(input);
        if (moves.length === 1) return { moved: false, status: 'in_progress', hiredApplicationId: orphan };
        return { moved: true, status: input.to, hiredApplicationId: input.hiredApplicationId };
      }),
    } as unknown as BusClient;
    store.recordHire = async () => [];
    const em: Record<string, unknown> = {
      queryRunner: {
        isReleased: false,
        connect: async () => ({
          query: async ({ text }: { text: string }) => ({
            rows: text.includes('limit_attempts') ? [{ count: 1, reset: 60, n0: 0, logged: true }] : [],
            rowCount: 0,
          }),
        }),
      },
    };
    em.transaction = async (work: (e: unknown) => Promise<unknown>) => work(em);
    const uow = { run: async (work: (e: unknown) => Promise<unknown>) => work(em) } as unknown as UnitOfWork;
    const res = await new AcceptApplicationHandler(uow, bus).handle({ id: appId }, ctx).catch((e: unknown) => e);
    expect(moves.map((m) => [m.from, m.to, m.hiredApplicationId])).toEqual([
      [['open'], 'in_progress', appId],
      [['in_progress'], 'open', orphan],
      [['open'], 'in_progress', appId],
    ]);
    expect(res).toMatchObject({ id: appId, status: 'accepted', contact: { name: 'W', email: 'w@x' } });
  });
});
