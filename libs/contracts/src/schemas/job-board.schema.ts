import { z } from 'zod';

import { categorySchema, dateTimeSchema, memberText } from './common.schema.js';
import { jobSchema } from './job.schema.js';

/** An immutable published version of a job. */
export const jobVersionSchema = z.object({
  version: z.number().int().min(1),
  title: memberText,
  category: categorySchema,
  constraints: memberText.describe('Markdown description as it was in this version'),
  createdAt: dateTimeSchema.describe('When this version was published'),
});
export type JobVersion = z.infer<typeof jobVersionSchema>;

export const SEARCH_SORTS = ['relevance', 'newest', 'budget_desc', 'budget_asc'] as const;
export const searchSortSchema = z.enum(SEARCH_SORTS);
export type SearchSort = z.infer<typeof searchSortSchema>;

export const searchInterpretationSchema = z.object({
  query: z.string().describe('The text searched for, after removing what was read as budget or ordering'),
  minBudget: z.number().int().nullable(),
  maxBudget: z.number().int().nullable(),
  sort: searchSortSchema,
  interpreted: z.boolean().describe('True when q implied a budget bound or an ordering'),
});
export type SearchInterpretation = z.infer<typeof searchInterpretationSchema>;

export const jobSearchResultSchema = z.object({
  jobs: z.array(jobSchema),
  interpretation: searchInterpretationSchema,
  mode: z
    .enum(['hybrid', 'keyword', 'filter'])
    .describe(
      'keyword: full-text match on q; filter: no text to match; hybrid: keyword candidates re-ranked by meaning (only when an embedding model is configured)',
    ),
});

export const jobPosterSchema = z.object({
  id: z.string(),
  name: memberText,
  headline: memberText.nullable(),
  photoUrl: z.string().nullable(),
  openJobs: z.number().int().min(1).describe('Open public jobs (anonymous jobs are never counted)'),
});

export const commentAuthorSchema = z.object({
  id: z
    .string()
    .nullable()
    .describe('Null for the poster of an anonymous job, who is shown as `Anonymous poster`, and for a deleted account, shown as `Deleted member`'),
  name: memberText,
  kind: z.enum(['person', 'agent']).describe('agent when written with an API key or over MCP'),
});

export const commentSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  parentId: z.string().nullable(),
  body: memberText.nullable().describe('Plain text, line breaks kept; null once deleted'),
  author: commentAuthorSchema.nullable().describe('Null once deleted'),
  deleted: z.boolean(),
  removed: z.boolean().describe('True while moderators have removed it: text and author are hidden'),
  createdAt: dateTimeSchema,
  deletedAt: dateTimeSchema.nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

const rate = z.number().nullable().describe('Share between 0 and 1; null when there is nothing to divide by');

export const performanceTotalsSchema = z.object({
  impressions: z.number().int().min(0).describe('Times a job was returned in a list or search, once per viewer per job per UTC day'),
  views: z.number().int().min(0).describe('Times job details were opened, once per viewer per job per UTC day'),
  viewRate: rate.describe('views / impressions'),
  applications: z.number().int().min(0),
  applyRate: rate.describe('applications / views'),
  agentShare: rate.describe('Share of applications made by agents (API key or MCP)'),
});

export const jobPerformanceSchema = z.object({
  days: z.number().int(),
  from: dateTimeSchema.describe('Start of the period (UTC midnight)'),
  to: dateTimeSchema.describe('End of the period (exclusive)'),
  totals: performanceTotalsSchema,
  previous: performanceTotalsSchema.describe('The same number of days just before, for comparison'),
  daily: z.array(
    z.object({
      date: z.string().describe('YYYY-MM-DD (UTC)'),
      impressions: z.number().int(),
      views: z.number().int(),
      applications: z.number().int(),
    }),
  ),
  jobs: z.array(performanceTotalsSchema.extend({ jobId: z.string(), title: memberText, status: z.string() })),
});
