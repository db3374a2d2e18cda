import { CATEGORIES, type Category } from '@marketplace/contracts';
import { addUsage, type ModelProvider, type ModelUsage } from '@marketplace/service-kit';
import { z } from 'zod';

import type { JobDraftEntity, StoredFollowUp, StoredPosting } from '../drafts/draft.entity.js';

/**
 * What each background task of a draft computes: with a model when one is configured, else the
 * deterministic fallback, which says so (`usage` null, `writtenBy` "template", `analyzed` false).
 * Research has no fallback: without a model it is unavailable, and says so, rather than handing
 * the person's own answers back as findings.
 */

export interface TaskOutcome<T> {
  result: T;
  usage: ModelUsage | null;
}

export type Research = { summary: string; facts: string[]; sources: string[] };
type Evaluation = StoredPosting['evaluation'];
export type Writing = Omit<StoredPosting, 'writtenAt' | 'answersVersion'>;

export const FALLBACK_FOLLOW_UPS: StoredFollowUp[] = [
  {
    id: 'deliverables',
    question: 'What exactly should the worker hand over?',
    hint: 'The files, code, report or result you will receive.',
    options: ['A written report', 'Working code or a configured system', 'Designs or files', 'A call or advice session'],
  },
  {
    id: 'timeline',
    question: 'When do you need it done?',
    hint: 'A date or a rough timeframe.',
    options: ['Within a week', 'Within two weeks', 'Within a month', 'No fixed deadline'],
  },
  {
    id: 'access',
    question: 'What will the worker need access to?',
    hint: 'Accounts, files, systems or people; never paste passwords here.',
    options: ['Nothing beyond this posting', 'Files I will share', 'An account or system I will grant', 'A meeting with my team'],
  },
  { id: 'proof', question: 'How will you know the work is done well?', hint: 'What you will check before approving it.', options: [] },
  { id: 'category', question: 'Which category fits best?', hint: 'Where the job is listed on the board.', options: [...CATEGORIES] },
];

const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);
const firstLine = (s: string) =>
  s
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find(Boolean) ?? '';

function interviewText(draft: JobDraftEntity): string {
  const lines = [`Context: ${draft.answers.context ?? ''}`, `Problem or wanted result: ${draft.answers.problem ?? ''}`];
  for (const f of draft.followUps) if (draft.answers[f.id]) lines.push(`${f.question} ${draft.answers[f.id]}`);
  if (draft.researchCorrection) lines.push(`Correction to the research: ${draft.researchCorrection}`);
  return lines.join('\n');
}

// ------------------------------------------------------------------ research

const researchShape = z.object({
  summary: z.string().min(1),
  facts: z.array(z.string()).default([]),
  sources: z.array(z.string()).default([]),
});

function boundResearch(r: Research): Research {
  return {
    summary: clip(r.summary, 1200),
    facts: r.facts.slice(0, 8).map((f) => clip(f, 300)),
    sources: r.sources.slice(0, 5).map((s) => clip(s, 500)),
  };
}

/** Why research did not run where no model is configured: the task's error, shown on the draft. */
export const RESEARCH_UNAVAILABLE =
  'Research is unavailable: this service has no research model configured. ' + 'The follow-up questions and the posting are written from your answers alone.';

/** The research, or null where no model is configured (the task then reads unavailable). */
export async function research(draft: JobDraftEntity, model: ModelProvider | null, signal: AbortSignal): Promise<TaskOutcome<Research> | null> {
  if (!model) return null;
  const { data, usage } = await model.chatJson({
    system:
      'You research a job a person wants to hire for. Answer JSON {"summary": string (at most 1200 characters), "facts": string[] (at most 8, each at most 300 characters), "sources": string[] (at most 5 URLs or references)}. Facts must be useful to someone writing the job posting.',
    user: interviewText(draft),
    schema: researchShape,
    signal,
  });
  return { result: boundResearch(data), usage };
}

// ------------------------------------------------------------------ follow-up questions

const followUpsShape = z.object({
  questions: z.array(z.object({ question: z.string().min(1), hint: z.string().default(''), options: z.array(z.string()).default([]) })).min(1),
});

export async function followUps(draft: JobDraftEntity, model: ModelProvider | null, signal: AbortSignal): Promise<TaskOutcome<StoredFollowUp[]>> {
  if (!model) return { result: FALLBACK_FOLLOW_UPS, usage: null };
  const { data, usage } = await model.chatJson({
    system:
      'You interview a person about a job they want to post, so a worker can start without asking. Given their opening answers, answer JSON {"questions": [{"question": string, "hint": string, "options": string[] (suggested answers, may be empty)}]} with 3 to 6 questions covering deliverables, timeline, access needed and how the work will be checked.',
    user: interviewText(draft),
    schema: followUpsShape,
    signal,
  });
  const questions = data.questions.slice(0, 6).map((q, i) => ({
    id: `q${i + 1}`,
    question: clip(q.question, 300),
    hint: clip(q.hint, 300),
    options: q.options.slice(0, 8).map((o) => clip(o, 120)),
  }));
  return { result: questions, usage };
}

// ------------------------------------------------------------------ writing and the job eval

const SECTIONS = [
  { heading: 'Deliverables', id: 'deliverables' },
  { heading: 'Timeline', id: 'timeline' },
  { heading: 'Access', id: 'access' },
  { heading: 'Proof of work', id: 'proof' },
] as const;

function guessCategory(draft: JobDraftEntity): Category {
  const chosen = draft.answers.category?.trim().toLowerCase();
  if (chosen && (CATEGORIES as readonly string[]).includes(chosen)) return chosen as Category;
  const text = `${draft.answers.problem ?? ''} ${draft.answers.context ?? ''}`.toLowerCase();
  const hints: [Category, RegExp][] = [
    ['engineering', /\b(code|bug|api|website|app|software|deploy|server|database)\b/],
    ['design', /\b(logo|design|figma|mockup|ui)\b/],
    ['data', /\b(data|spreadsheet|analysis|dashboard|sql)\b/],
    ['writing', /\b(write|article|copy|blog|edit)\b/],
    ['marketing', /\b(marketing|seo|ads|campaign)\b/],
    ['legal', /\b(contract|legal|lawyer)\b/],
  ];
  return hints.find(([, re]) => re.test(text))?.[0] ?? 'other';
}

/** The built-in checklist: one point per section a worker needs, no model involved. */
export function checklistEvaluation(draft: JobDraftEntity): Evaluation {
  return checklist((s) => Boolean(draft.answers[s.id]?.trim()));
}

/** The same checklist over a posted job's description: a section counts when it has a heading with text under it. */
export function descriptionChecklist(description: string): Evaluation {
  const sections = description.split(/^#{1,6}\s+/m).map((part) => {
    const [heading = '', ...body] = part.split('\n');
    return { heading: heading.trim().toLowerCase(), filled: body.join('\n').trim().length > 0 };
  });
  return checklist((s) => sections.some((p) => p.filled && p.heading === s.heading.toLowerCase()));
}

function checklist(described: (section: (typeof SECTIONS)[number]) => boolean): Evaluation {
  const answered = SECTIONS.filter(described);
  const gaps = SECTIONS.filter((s) => !described(s)).map((s) => `${s.heading} is not described`);
  const score = Math.min(100, 40 + answered.length * 15);
  return {
    score,
    verdict: gaps.length ? 'A worker could start, but would ask about what is missing.' : 'A worker has what they need to start.',
    strengths: ['Scope', ...answered.map((s) => s.heading)].map((h) => `${h} is described`),
    gaps,
    analyzed: false,
  };
}

/**
 * The walkthrough moments the poster accepted, as requirements: appended to whatever was written
 * (by the model or the template), so none is lost to a model's rewording.
 */
function withRequirements(description: string, requirements: readonly string[]): string {
  if (!requirements.length) return description;
  const list = requirements.map((r) => `- ${clip(r.replace(/\s+/g, ' ').trim(), 300)}`).join('\n');
  const section = `\n\n## Requirements from the walkthrough\n\n${list}`;
  return `${clip(description, 4000 - section.length)}${section}`;
}

function templateWriting(draft: JobDraftEntity): Writing {
  const problem = draft.answers.problem ?? '';
  const parts = [`## Scope\n\n${clip(problem, 1200)}`];
  if (draft.answers.context) parts.push(`**Context:** ${clip(draft.answers.context, 800)}`);
  for (const s of SECTIONS) {
    const answer = draft.answers[s.id]?.trim();
    if (answer) parts.push(`## ${s.heading}\n\n${clip(answer, 500)}`);
  }
  return {
    title: clip(firstLine(problem).replace(/[.!?]+$/, ''), 120) || 'Help wanted',
    category: guessCategory(draft),
    description: clip(parts.join('\n\n'), 4000),
    summary: clip(firstLine(problem), 300),
    evaluation: checklistEvaluation(draft),
    writtenBy: 'template',
  };
}

const writingShape = z.object({
  title: z.string().min(1),
  category: z.string(),
  description: z.string().min(1),
  summary: z.string().default(''),
});
const evaluationShape = z.object({
  score: z.number(),
  verdict: z.string(),
  strengths: z.array(z.string()).default([]),
  gaps: z.array(z.string()).default([]),
});

/** `requirements`: the suggested requirements of the walkthrough moments the poster accepted. */
export async function writing(
  draft: JobDraftEntity,
  model: ModelProvider | null,
  signal: AbortSignal,
  requirements: readonly string[] = [],
): Promise<TaskOutcome<Writing>> {
  if (!model) {
    const written = templateWriting(draft);
    return { result: { ...written, description: withRequirements(written.description, requirements) }, usage: null };
  }
  const research = draft.research ? `\nResearch: ${draft.research.summary}\n${draft.research.facts.join('\n')}` : '';
  const written = await model.chatJson({
    system: `You write a job posting from an interview. Answer JSON {"title": string (one line, at most 120 characters), "category": one of ${CATEGORIES.join(', ')}, "description": Markdown at most 3800 characters with ## Scope, ## Deliverables, ## Timeline, ## Access, ## Proof of work, "summary": one paragraph}. Never include passwords, keys or personal contact details.`,
    user: `${interviewText(draft)}${research}${requirements.length ? '\nRequirements from the walkthrough (added after your text; do not repeat them):\n' + requirements.join('\n') : ''}`,
    schema: writingShape,
    signal,
  });
  const w = written.data;
  const category = (CATEGORIES as readonly string[]).includes(w.category) ? (w.category as Category) : guessCategory(draft);
  const title = clip(firstLine(w.title), 120);
  // The accepted moments are appended after the model's text, so it is told not to repeat them.
  const description = withRequirements(clip(w.description.trim(), 4000), requirements);
  const evaluated = await evaluatePosting(model, title, description, signal);
  return {
    result: {
      title,
      category,
      description,
      summary: clip(w.summary || firstLine(draft.answers.problem ?? ''), 600),
      evaluation: evaluated.result,
      writtenBy: model.model,
    },
    usage: addUsage(written.usage, evaluated.usage!),
  };
}

/** The job eval of a written posting or a posted job's current text, by the model. */
async function evaluatePosting(model: ModelProvider, title: string, description: string, signal: AbortSignal): Promise<TaskOutcome<Evaluation>> {
  const { data: e, usage } = await model.chatJson({
    system:
      'You evaluate a job posting for a freelance worker. Answer JSON {"score": integer 0-100 (how well a worker could start without asking), "verdict": one sentence, "strengths": string[], "gaps": string[] (what a worker would still ask)}.',
    user: `# ${title}\n\n${description}`,
    schema: evaluationShape,
    signal,
  });
  return {
    result: {
      score: Math.max(0, Math.min(100, Math.round(e.score))),
      verdict: clip(e.verdict, 300),
      strengths: e.strengths.slice(0, 8).map((s) => clip(s, 300)),
      gaps: e.gaps.slice(0, 8).map((s) => clip(s, 300)),
      analyzed: true,
    },
    usage,
  };
}

/** The job eval of a posted job's current version (after an edit): the model's, else the checklist over its description. */
export async function evaluateJob(
  job: { title: string; constraints: string },
  model: ModelProvider | null,
  signal: AbortSignal,
): Promise<TaskOutcome<Evaluation>> {
  if (!model) return { result: descriptionChecklist(job.constraints), usage: null };
  return evaluatePosting(model, clip(firstLine(job.title), 120), clip(job.constraints.trim(), 4000), signal);
}
