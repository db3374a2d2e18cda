import type { HELP_TOPICS } from '../operations/help.operations.js';
import type { Category } from '../schemas/common.schema.js';

/** How each job category reads to a person (the board, the job form, a poster's jobs). */
export const CATEGORY_NAMES: Record<Category, string> = {
  consulting: 'Consulting',
  data: 'Data',
  design: 'Design',
  engineering: 'Engineering',
  legal: 'Legal',
  marketing: 'Marketing',
  operations: 'Operations',
  physical: 'Physical',
  research: 'Research',
  writing: 'Writing',
  other: 'Other',
};

/** What a help request is about, as the help form offers it and the staff help desk shows it. */
export const HELP_TOPIC_NAMES: Record<(typeof HELP_TOPICS)[number], string> = {
  refund: 'A refund',
  chargeback: 'A chargeback',
  payment: 'A payment',
  payout: 'A payout',
  account: 'My account',
  question: 'A question',
  other: 'Something else',
  appeal: 'An appeal of my suspension',
};
