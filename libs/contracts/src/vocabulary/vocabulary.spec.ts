import { describe, expect, it } from 'vitest';

import { HELP_STATUSES, HELP_TOPICS } from '../operations/help.operations.js';
import { APPLICATION_STATUSES, SUBMISSION_STATUSES } from '../schemas/application.schema.js';
import { CATEGORIES } from '../schemas/common.schema.js';
import { JOB_STATUSES, MY_JOB_FILTERS } from '../schemas/job.schema.js';
import { CATEGORY_NAMES, HELP_TOPIC_NAMES } from './category-names.js';
import { APPLICATION_STATUS_LABELS, HELP_STATUS_LABELS, JOB_STATUS_LABELS, MY_JOB_FILTER_LABELS, SUBMISSION_STATUS_LABELS } from './status-labels.js';
import { CANCELLABLE_WORK_STATUSES, HIRED_JOB_STATUSES, isHiredStatus } from './status-sets.js';

/** Every value of the enum has a non-empty wording, and the wording names nothing else. */
function wordsEvery(values: readonly string[], words: Record<string, string>): void {
  for (const value of values) expect(words[value]?.trim(), value).toBeTruthy();
  expect(Object.keys(words).sort()).toEqual([...values].sort());
}

describe('one vocabulary', () => {
  it('labels every job, filter, application, submission and help request status', () => {
    wordsEvery(JOB_STATUSES, JOB_STATUS_LABELS);
    wordsEvery(MY_JOB_FILTERS, MY_JOB_FILTER_LABELS);
    wordsEvery(APPLICATION_STATUSES, APPLICATION_STATUS_LABELS);
    wordsEvery(SUBMISSION_STATUSES, SUBMISSION_STATUS_LABELS);
    wordsEvery(HELP_STATUSES, HELP_STATUS_LABELS);
  });

  it('names every category and help topic, each differently', () => {
    wordsEvery(CATEGORIES, CATEGORY_NAMES);
    expect(new Set(Object.values(CATEGORY_NAMES)).size).toBe(CATEGORIES.length);
    wordsEvery(HELP_TOPICS, HELP_TOPIC_NAMES);
    expect(new Set(Object.values(HELP_TOPIC_NAMES)).size).toBe(HELP_TOPICS.length);
  });

  it('counts a job hired from the first hire to completion, never while open or closed', () => {
    expect(JOB_STATUSES.filter(isHiredStatus)).toEqual([...HIRED_JOB_STATUSES]);
    expect(isHiredStatus('open')).toBe(false);
    expect(isHiredStatus('closed')).toBe(false);
    for (const status of CANCELLABLE_WORK_STATUSES) expect(isHiredStatus(status)).toBe(true);
  });
});
