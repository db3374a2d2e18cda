import type { Category } from '@marketplace/contracts';

/** How each job category reads on the pages (the board, the job form, a poster's jobs). */
export const CATEGORY_NAMES: Record<Category, string> = {
  consulting: 'Consulting', data: 'Data', design: 'Design', engineering: 'Engineering', legal: 'Legal', marketing: 'Marketing',
  operations: 'Operations', physical: 'Physical', research: 'Research', writing: 'Writing', other: 'Other',
};
