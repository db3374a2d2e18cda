import { createHash } from 'node:crypto';

import { AppError } from '@marketplace/contracts';

/**
 * The steps a human must own: hiring, approving and rating, cancelling, deleting the account.
 * When the agent's client can ask its human (2026-07-28 with elicitation), the server asks first,
 * showing the exact terms it read, and binds the answer to them: the question's signed request
 * state carries a digest of the tool, its arguments and the terms, and the retry is refused when
 * the terms read again differ (the job was edited, another round was turned in) or the arguments
 * changed. Clients that cannot ask keep today's explicit arguments.
 */
export interface ConsentTerms {
  /** What the human is asked to approve, in one paragraph. */
  summary: string;
  /** The facts the approval is bound to. */
  terms: Record<string, unknown>;
}

/** Runs a read tool as the caller, by its MCP argument names. */
export type ReadTool = (tool: string, args: Record<string, unknown>) => Promise<unknown>;

type TermsReader = (args: Record<string, unknown>, read: ReadTool) => Promise<ConsentTerms>;

interface MyJob {
  id: string;
  title: string;
  status: string;
  version: number;
}
interface JobApplication {
  id: string;
  status: string;
  quote: number | null;
  worker: { id: string; name: string };
}
interface JobWork {
  jobId: string;
  title: string;
  status: string;
  role: string;
  workerId: string;
  submissions: Array<{ id: string; round: number }>;
}

const quoted = (s: string) => `"${s.replace(/\s+/g, ' ').slice(0, 120)}"`;

async function workTerms(args: Record<string, unknown>, read: ReadTool) {
  const work = (await read('get_job_work', { job_id: args.job_id })) as JobWork;
  const latest = [...work.submissions].sort((a, b) => b.round - a.round)[0];
  return { work, latest, terms: { job: work.jobId, status: work.status, worker: work.workerId, round: latest?.id ?? null } };
}

export const CONSENT_TERMS: Readonly<Record<string, TermsReader>> = {
  accept_application: async (args, read) => {
    const { jobs } = (await read('list_my_jobs', {})) as { jobs: MyJob[] };
    for (const job of jobs.filter((j) => j.status === 'open')) {
      const { applications } = (await read('list_job_applications', { job_id: job.id })) as { applications: JobApplication[] };
      const found = applications.find((a) => a.id === args.application_id);
      if (!found) continue;
      return {
        summary:
          `Hire ${quoted(found.worker.name)} for your job ${quoted(job.title)} as it reads now (version ${job.version})` +
          `${args.quote !== undefined && args.quote !== null ? ` at a quote of ${String(args.quote)}` : ''}. The other waiting applicants are declined, and you both receive each other's contact.`,
        terms: { job: job.id, version: job.version, application: found.id, worker: found.worker.id, quote: args.quote ?? null },
      };
    }
    throw AppError.notFound('No waiting application with that id on your open jobs.');
  },
  approve_work: async (args, read) => {
    const { work, latest, terms } = await workTerms(args, read);
    return {
      summary:
        `Approve round ${latest?.round ?? '?'} of the work on ${quoted(work.title)} and rate the worker ${String(args.score)} of 5: ` +
        `${quoted(String(args.description ?? ''))}. Approval and rating are final.`,
      terms: { ...terms, score: args.score, description: args.description },
    };
  },
  rate_poster: async (args, read) => {
    const { work, terms } = await workTerms(args, read);
    return {
      summary: `Rate the poster of ${quoted(work.title)} ${String(args.score)} of 5: ${quoted(String(args.description ?? ''))}. This completes the job and makes both ratings public.`,
      terms: { ...terms, score: args.score, description: args.description },
    };
  },
  cancel_work: async (args, read) => {
    const { work, terms } = await workTerms(args, read);
    return { summary: `Cancel the work on ${quoted(work.title)}. This cannot be undone.`, terms };
  },
  delete_my_account: async (_args, read) => {
    const me = (await read('get_my_profile', {})) as { id: string; name: string };
    return {
      summary: `Delete the account of ${quoted(me.name)}: your profile, files and connections go; your comments remain without your name.`,
      terms: { member: me.id },
    };
  },
};

/** What the approval is bound to: the tool, its arguments and the terms as read. */
export function consentDigest(tool: string, args: Record<string, unknown>, terms: ConsentTerms): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, sorted(x)]),
        )
      : v;
  return createHash('sha256')
    .update(JSON.stringify(sorted({ tool, args, terms: terms.terms })))
    .digest('base64url');
}

/** The form the human answers: one yes, shown under the terms. */
export const CONSENT_FORM = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const, title: 'Approve', description: 'Yes, do exactly this.' } },
  required: ['approve'],
};
