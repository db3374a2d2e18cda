import { describe, expect, it } from 'vitest';

import { resultText, TEXT_BUDGET_BYTES } from './result-text.js';

const job = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Job ${i}`,
  constraints: `Line one of job ${i}.\n\n${'Details of the work to do. '.repeat(60)}`,
  category: 'data',
  postedBy: { id: 'p', name: 'Poster' },
  hiredWorker: null,
  tags: [],
});

describe('a tool result as text for a model', () => {
  it('keeps text of several lines as written when the whole result fits', () => {
    const guide = '# Start\n\nCall list_open_jobs.\n\n- then get_job';
    expect(resultText({ markdown: guide, version: 2 })).toBe('markdown: |\n  # Start\n\n  Call list_open_jobs.\n\n  - then get_job\nversion: 2');
  });

  it('writes one field a line, nests records, leaves empty fields out and cuts long text saying how long it was', () => {
    const text = resultText({ job: { ...job(1), constraints: 'Do the work. '.repeat(1000) }, applicants: 3, open: true });
    expect(text).toContain('job:\n  id: 00000000-0000-4000-8000-000000000001\n  title: Job 1\n');
    expect(text).toContain('  postedBy:\n    id: p\n    name: Poster');
    expect(text).not.toMatch(/hiredWorker|tags/);
    expect(text).toMatch(/constraints: Do the work\. Do the work\./);
    expect(text).toMatch(/… \(\d+ characters in all\)/);
    expect(text).toContain('applicants: 3\nopen: true');
  });

  it('writes lists of records as YAML does and lists of values on one line', () => {
    expect(
      resultText({
        jobs: [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' },
        ],
        categories: ['data', 'design'],
      }),
    ).toBe('jobs (2):\n- id: a\n  title: A\n- id: b\n  title: B\ncategories: data, design');
  });

  it('keeps a page of 100 long jobs within its budget, shortening text before cutting the list', () => {
    const page = { jobs: Array.from({ length: 100 }, (_, i) => job(i)), total: 100 };
    const text = resultText(page);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(TEXT_BUDGET_BYTES);
    expect(text).toMatch(/more lines: the whole result is in structuredContent\.result$/);
    const twenty = resultText({ jobs: page.jobs.slice(0, 20), total: 100 });
    expect(Buffer.byteLength(twenty)).toBeLessThanOrEqual(TEXT_BUDGET_BYTES);
    expect(twenty).toContain('title: Job 19');
  });

  it('keeps every top-level field when a long list is cut', () => {
    const text = resultText({ since: '2026-12-01', rows: Array.from({ length: 500 }, (_, i) => ({ tool: `tool_${i}`, calls: i })), truncated: false });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(TEXT_BUDGET_BYTES);
    expect(text).toMatch(/^since: 2026-12-01\nrows \(500\):\n- tool: tool_0\n/);
    expect(text).toMatch(/\ntruncated: false\n… \d+ more lines: the whole result is in structuredContent\.result$/);
  });

  it('says where the next page is: from nextOffset, or from total and the page it showed', () => {
    const page = { jobs: [{ id: 'a' }, { id: 'b' }], total: 7 };
    expect(resultText(page, { tool: 'list_open_jobs', args: { offset: 2 } })).toMatch(
      /\nMore: 3-4 of 7 shown; call list_open_jobs with offset 4 for the next page\.$/,
    );
    expect(resultText({ jobs: [{ id: 'a' }], total: 1 }, { tool: 'list_open_jobs', args: {} })).not.toContain('More:');
    expect(resultText({ reports: [{ id: 'r' }], nextOffset: 50 }, { tool: 'list_my_content_reports', args: {} })).toMatch(
      /More: call list_my_content_reports with offset 50/,
    );
    expect(resultText({ reports: [], nextOffset: null }, { tool: 'list_my_content_reports', args: {} })).not.toContain('More:');
  });

  it('answers something for results without fields', () => {
    expect(resultText(undefined)).toBe('Done.');
    expect(resultText({})).toBe('Done.');
    expect(resultText([])).toBe('(none)');
    expect(resultText(null)).toBe('null');
  });
});
