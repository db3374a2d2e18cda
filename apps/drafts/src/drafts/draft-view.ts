import {
  DRAFT_COST_TASKS,
  DRAFT_PARTS,
  findCredentials,
  findExposures,
  type jobDraftSchema,
  OPENING_ANSWERS,
  OPENING_QUESTIONS,
  REQUIRED_ANSWERS,
  type Surface,
  TASK_STALE_MS,
} from '@marketplace/contracts';
import { publicUrl } from '@marketplace/service-kit';
import type { z } from 'zod';

import type { RecordingEntity } from '../recordings/recording.entity.js';
import { toDraftRecording } from '../recordings/recording-view.js';
import type { DraftTaskName, JobDraftEntity, StoredCosts, StoredTask, StoredUsage } from './draft.entity.js';

type JobDraft = z.input<typeof jobDraftSchema>;
type Exposure = JobDraft['exposures'][number];
type TaskState = NonNullable<JobDraft['tasks']['research']>;

export function previewPathOf(id: string): string {
  return `/drafts/${id}`;
}

/** The contract's TaskState; a task pending longer than ten minutes reads as failed. */
export function taskState(task: StoredTask | undefined, now = Date.now()): TaskState | null {
  if (!task) return null;
  const { status, step, error, startedAt, finishedAt } = task;
  if (status === 'pending' && now - Date.parse(startedAt) > TASK_STALE_MS) {
    return { status: 'failed', step, error: 'The task took longer than 10 minutes. Start it again.', startedAt, finishedAt: null };
  }
  return { status, step, error, startedAt, finishedAt };
}

/** Pending for real: not yet finished and not yet timed out. */
export function isRunning(draft: JobDraftEntity, name: DraftTaskName): boolean {
  return taskState(draft.tasks[name])?.status === 'pending';
}

export function missingAnswers(draft: JobDraftEntity): (typeof REQUIRED_ANSWERS)[number][] {
  return REQUIRED_ANSWERS.filter((key) => !draft.answers[key]);
}

export function isStale(draft: JobDraftEntity): boolean {
  return draft.posting !== null && draft.posting.answersVersion !== draft.answersVersion;
}

function nextQuestion(draft: JobDraftEntity): JobDraft['nextQuestion'] {
  if (draft.status !== 'open') return null;
  const unansweredFollowUps = draft.followUps.filter((f) => !draft.answers[f.id]);
  // The opening questions are asked, in order, until the required one is answered; after that
  // the context is optional and the follow-ups come next.
  const opening = missingAnswers(draft).length ? OPENING_ANSWERS.filter((key) => !draft.answers[key]) : [];
  const first = opening[0];
  if (first) {
    const q = OPENING_QUESTIONS[first];
    return {
      answerIds: [first],
      question: q.question,
      hint: q.hint,
      options: [],
      number: null,
      total: null,
      remaining: opening.length - 1 + unansweredFollowUps.length,
    };
  }
  if (isRunning(draft, 'followUps')) return null;
  const next = unansweredFollowUps[0];
  if (!next) return null;
  return {
    answerIds: [next.id],
    question: next.question,
    hint: next.hint,
    options: next.options,
    number: draft.followUps.indexOf(next) + 1,
    total: draft.followUps.length,
    remaining: unansweredFollowUps.length - 1,
  };
}

export function scanExposures(fields: Record<string, string | undefined>): Exposure[] {
  const found: Exposure[] = [];
  for (const [field, value] of Object.entries(fields)) {
    if (!value) continue;
    for (const c of findCredentials(value)) found.push({ kind: 'secret', label: c.label, excerpt: c.excerpt, field });
    found.push(...findExposures(value, field));
  }
  return found;
}

/** Before anything is written every part waits, empty, and the first in order is next (contract: JobDraft `review`). */
function unwrittenReview(): JobDraft['review'] {
  const part = { text: '', approved: false };
  return { evaluation: part, summary: { ...part }, details: { ...part }, visibility: { ...part }, next: DRAFT_PARTS[0], ready: false };
}

function review(draft: JobDraftEntity): JobDraft['review'] {
  const p = draft.posting;
  if (!p) return unwrittenReview();
  const approved = new Set(draft.approved);
  const part = (text: string, name: string) => ({ text, approved: approved.has(name) });
  const gaps = p.evaluation.gaps.length ? ` Still unclear: ${p.evaluation.gaps.join('; ')}.` : '';
  const visibility =
    draft.posterVisibility === 'public'
      ? 'Public: your name, headline and photo appear on the job.'
      : 'Anonymous: the job shows "Anonymous poster"; your hired worker sees who you are.';
  const next = DRAFT_PARTS.find((name) => !approved.has(name)) ?? null;
  return {
    evaluation: part(`Score ${p.evaluation.score}/100. ${p.evaluation.verdict}${gaps}`, 'evaluation'),
    summary: part(`${p.title} (${p.category}). ${p.summary}`, 'summary'),
    details: part(p.description, 'details'),
    visibility: part(visibility, 'visibility'),
    next,
    ready: next === null,
  };
}

/** What needs doing next and how far along the draft is (0-100). */
export function readiness(draft: JobDraftEntity): JobDraft['readiness'] {
  const answeredOpening = OPENING_ANSWERS.filter((k) => draft.answers[k]).length;
  const followUps = draft.followUps.length;
  const answeredFollowUps = draft.followUps.filter((f) => draft.answers[f.id]).length;
  const approvedParts = draft.posting ? draft.approved.length : 0;
  const score = Math.round(
    answeredOpening * 15 + (followUps ? (30 * answeredFollowUps) / followUps : 0) + (draft.posting && !isStale(draft) ? 20 : 0) + approvedParts * 5,
  );
  let needs: string;
  const missing = missingAnswers(draft);
  if (draft.status !== 'open') needs = draft.status === 'posted' ? 'Nothing: the job is posted.' : 'Nothing: the draft was discarded.';
  else if (missing.length) needs = `Answer: ${missing.map((k) => OPENING_QUESTIONS[k].question).join(' ')}`;
  else if (isRunning(draft, 'writing')) needs = 'Wait for the posting to be written.';
  else if (isRunning(draft, 'followUps')) needs = 'Wait for the follow-up questions.';
  else if (answeredFollowUps < followUps) needs = `Answer ${followUps - answeredFollowUps} follow-up question(s).`;
  else if (!draft.posting) needs = 'Write the job description.';
  else if (isStale(draft)) needs = 'Answers changed: write the job description again.';
  else if (approvedParts < DRAFT_PARTS.length) needs = `Review and approve the ${DRAFT_PARTS.find((p) => !draft.approved.includes(p))} part.`;
  else needs = 'Post the job.';
  return { score: Math.min(100, score), needs };
}

const NOTHING_SPENT: StoredUsage = { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null };

/** The totals and every task's share, a task that spent nothing (or ran before shares were kept) at zero. */
export function costsView(costs: StoredCosts): JobDraft['costs'] {
  const { byTask, calls, promptTokens, completionTokens, usd, model } = costs;
  return {
    calls,
    promptTokens,
    completionTokens,
    usd,
    model,
    byTask: Object.fromEntries(DRAFT_COST_TASKS.map((task) => [task, { ...NOTHING_SPENT, ...byTask?.[task] }])) as JobDraft['costs']['byTask'],
  };
}

export function toJobDraft(draft: JobDraftEntity, surface?: Surface, recording: RecordingEntity | null = null): JobDraft {
  const site = publicUrl();
  const previewPath = previewPathOf(draft.id);
  const p = draft.posting;
  return {
    id: draft.id,
    status: draft.status,
    jobId: draft.jobId,
    posterVisibility: draft.posterVisibility,
    previewPath,
    ...(surface === 'mcp' ? { previewUrl: `${site}${previewPath}` } : {}),
    answers: draft.answers,
    missing: missingAnswers(draft),
    nextQuestion: nextQuestion(draft),
    research: draft.research,
    researchCorrection: draft.researchCorrection,
    followUps: draft.followUps.map((f) => ({ ...f, answered: Boolean(draft.answers[f.id]) })),
    posting: p
      ? {
          title: p.title,
          category: p.category as NonNullable<JobDraft['posting']>['category'],
          description: p.description,
          summary: p.summary,
          evaluation: p.evaluation,
          writtenAt: p.writtenAt,
          writtenBy: p.writtenBy,
        }
      : null,
    postingStale: isStale(draft),
    review: review(draft),
    recording: recording ? toDraftRecording(recording) : null,
    costs: costsView(draft.costs),
    readiness: readiness(draft),
    tasks: { research: taskState(draft.tasks.research), followUps: taskState(draft.tasks.followUps), writing: taskState(draft.tasks.writing) },
    exposures: p ? scanExposures({ title: p.title, description: p.description }) : [],
    answerExposures: scanExposures(draft.answers),
    createdAt: draft.createdAt.toISOString(),
    updatedAt: draft.updatedAt.toISOString(),
  };
}
