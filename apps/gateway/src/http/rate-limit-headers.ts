import type { Caller, RequestBudget } from '@marketplace/contracts';
import type { FastifyReply } from 'fastify';

/**
 * The credential's request budget as the IETF httpapi RateLimit fields: the policy (quota and
 * window, seconds) and what is left of it now (remaining requests, seconds until the window
 * resets), so a client can slow down before it meets a 429.
 */
export function sendRateLimit(reply: Pick<FastifyReply, 'header'>, budget: RequestBudget): void {
  const name = `"${budget.policy.replace(/[^a-z0-9_-]/gi, '')}"`;
  reply.header('ratelimit-policy', `${name};q=${budget.limit};w=${budget.windowSeconds}`);
  reply.header('ratelimit', `${name};r=${budget.remaining};t=${budget.resetSeconds}`);
}

/** Identity answers a caller with its budget beside it; the budget never travels as part of the caller. */
export function splitBudget<C extends Caller>(found: C & { budget?: RequestBudget | undefined }): { caller: C; budget: RequestBudget | undefined } {
  const { budget, ...caller } = found;
  return { caller: caller as unknown as C, budget };
}
