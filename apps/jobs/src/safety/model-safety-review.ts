import { randomUUID } from 'node:crypto';

import { AppError, MODEL_CHECK_SHARE, MODEL_CHECKED_TIMEOUT_MS, policyRefusal } from '@marketplace/contracts';
import { LOGGER, type Logger, meteredModelProviderFromEnv, modelConfigFromEnv, type ModelProvider, type ModelUsage } from '@marketplace/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';

import type { JobText } from './job-text-review.js';
import { insertModelCost } from './safety.queries.js';

const FIELDS = ['title', 'constraints'] as const;

const verdictShape = z.object({
  violates: z.boolean(),
  fields: z.array(z.string()).default([]),
  reason: z.string().default(''),
});

export const SAFETY_REVIEW_PROMPT =
  'You review a job posting for a freelance marketplace against its safety policy. ' +
  'Refuse postings that ask for illegal goods or services (drugs, weapons, counterfeit goods, stolen data, breaking into accounts ' +
  'or systems the poster does not own), fraud or scams, fake reviews, academic cheating, harassment or stalking, hateful or sexual ' +
  'content, or work that could hurt people. Ordinary jobs pass. Answer JSON {"violates": boolean, "fields": ("title" | "constraints")[] ' +
  '(where the problem is), "reason": string (one sentence for the poster, without quoting the posting)}.';

export interface JobTextVerdict {
  /** The model's refusal, or null. */
  refusal: AppError | null;
  /** What the model's answer cost, to record with the attempt; null when it was not asked or did not answer. */
  usage: ModelUsage | null;
}

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/** What a poster reads when the configured model cannot give its opinion (spec: 503, nothing published or charged). */
export const SAFETY_CHECK_UNAVAILABLE = 'The safety check is unavailable right now, so nothing was published or charged. Try again in a few minutes.';

/**
 * The model's second opinion in the content check of job text, asked once the rules
 * (credentials, word list, exposures; `reviewJobText`) pass and the attempt is counted within the
 * limits, so refused and over-limit attempts cost no call. It refuses in the rules' shape and can
 * only add refusals. With no model configured the rules' verdict stands (that is the product
 * without a model, not a failure). A configured model that is down, slower than the provider's
 * timeout (one timeout for the whole review, retries included), refuses the request (4xx) or
 * answers a shape that does not validate fails closed: a 503 the caller throws inside its
 * transaction, so nothing it wrote there (job, version, event, the attempt's count) is kept.
 *
 * The operations that run it declare a longer wait than the bus timeout (MODEL_CHECKED_TIMEOUT_MS),
 * and the review takes at most its share of that (MODEL_CHECK_SHARE), whatever MODEL_TIMEOUT_MS
 * allows: the gateway (or drafts, posting a draft) stops waiting after that wait and answers 503 on
 * its own, and a job published after the caller was told "unavailable" would be published unseen.
 * The rest is for the posting's own work (the member card, the transaction).
 */
@Injectable()
export class JobTextReviewer {
  private readonly config = modelConfigFromEnv();
  private readonly model: ModelProvider | null = meteredModelProviderFromEnv();
  private readonly waitMs = Math.min(this.config?.timeoutMs ?? Infinity, Math.floor(MODEL_CHECKED_TIMEOUT_MS * MODEL_CHECK_SHARE));

  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  /** Throws AppError 503 when a configured model gives no valid verdict. */
  async secondOpinion(text: JobText): Promise<JobTextVerdict> {
    if (!this.model || !this.config) return { refusal: null, usage: null };
    let verdict: { data: z.infer<typeof verdictShape>; usage: ModelUsage };
    try {
      verdict = await this.model.chatJson({
        system: SAFETY_REVIEW_PROMPT,
        user: `Title: ${text.title ?? ''}\n\nDescription:\n${text.constraints ?? ''}`,
        schema: verdictShape,
        signal: AbortSignal.timeout(this.waitMs),
      });
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'the model safety review did not answer; nothing is published unchecked');
      throw AppError.unavailable(SAFETY_CHECK_UNAVAILABLE);
    }
    const { data, usage } = verdict;
    if (!data.violates) return { refusal: null, usage };
    const named = FIELDS.filter((f) => data.fields.includes(f) && text[f] !== undefined);
    const reason = clip(data.reason.trim() || 'it asks for something our safety policy does not allow', 300);
    const fields = Object.fromEntries((named.length ? named : ['constraints' as const]).map((f) => [f, `Breaks our safety policy: ${reason}`]));
    return { refusal: policyRefusal('the posting breaks our safety policy', fields), usage };
  }
}

/** Adds the review's model call to the job board's costs, in the transaction that stores (or refuses) the text. */
export async function recordReviewCost(em: EntityManager, usage: ModelUsage | null, of: { memberId: string; jobId: string | null }): Promise<void> {
  if (!usage) return;
  await insertModelCost(em, {
    id: randomUUID(),
    purpose: 'safety_review',
    memberId: of.memberId,
    jobId: of.jobId,
    model: usage.model,
    calls: usage.calls,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    usd: usage.usd,
  });
}
