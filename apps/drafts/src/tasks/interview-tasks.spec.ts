import { describe, expect, it } from 'vitest';

import { descriptionChecklist } from './interview-tasks.js';

describe("the built-in checklist over a posted job's description", () => {
  it('counts a section only when its heading has text under it, in any case or heading level', () => {
    const e = descriptionChecklist('## Scope\n\nFix it.\n\n### deliverables\nA patch.\n\n## Timeline\n\n## Access\n\nThe repository.');
    expect(e).toMatchObject({ score: 70, analyzed: false, gaps: ['Timeline is not described', 'Proof of work is not described'] });
    expect(e.strengths).toEqual(['Scope is described', 'Deliverables is described', 'Access is described']);
  });

  it('gives a description without sections the base score', () => {
    expect(descriptionChecklist('Just fix the export please.')).toMatchObject({ score: 40, gaps: expect.arrayContaining(['Deliverables is not described']) });
  });
});
