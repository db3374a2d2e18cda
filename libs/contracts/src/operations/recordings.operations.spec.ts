import { describe, expect, it } from 'vitest';

import { AppError } from '../errors/app-error.js';
import { RECORDING_LIMITS } from '../schemas/recording.schema.js';
import { validateInput } from '../validation/validate-input.js';
import { reviewJobRecording } from './recordings.operations.js';

const DRAFT = '00000000-0000-4000-8000-000000000000';
const moments = (n: number) => Array.from({ length: n }, (_, i) => `m${i}`);

function refusal(input: unknown): AppError {
  try {
    validateInput(reviewJobRecording.input, input);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('the input was accepted');
}

describe('reviewing a recording: the accepted moments', () => {
  it('takes up to 20 moments, and refuses 21 for their number (nothing else wrong with them)', () => {
    expect(RECORDING_LIMITS.acceptedMoments).toBe(20);
    const twenty = { id: DRAFT, action: 'approve', acknowledgeFindings: true, acceptedMoments: moments(20) };
    expect(validateInput(reviewJobRecording.input, twenty).acceptedMoments).toHaveLength(20);

    const err = refusal({ ...twenty, acceptedMoments: moments(21) });
    expect(err.status).toBe(400);
    expect(err.extra.fields).toEqual({ acceptedMoments: 'At most 20 moments.' });
  });
});
