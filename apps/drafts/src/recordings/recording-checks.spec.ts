import { describe, expect, it } from 'vitest';

import { check, clean, listed, noneChecked, toAcknowledge, uncheckedText } from './recording-checks.js';

describe('the parts of a recording check', () => {
  it('names what was not checked, parts with the same reason together', () => {
    expect(uncheckedText(noneChecked('the recording could not be decoded'))).toBe(
      'screen text, sound, faces and people and model review (the recording could not be decoded)',
    );
    const checks = [
      check('screen_text', 'done'),
      check('sound', 'not_checked', 'no speech-to-text model'),
      check('faces', 'not_checked', 'no face detection'),
      check('model_review', 'found'),
    ];
    expect(uncheckedText(checks)).toBe('sound (no speech-to-text model); faces and people (no face detection)');
    expect(listed(['a'])).toBe('a');
  });

  it('is clean only when every part is done and nothing was found; approving otherwise acknowledges the parts not done', () => {
    const done = ['screen_text', 'sound', 'faces', 'model_review'].map((part) => check(part as 'sound', 'done'));
    expect(clean(done, [])).toBe(true);
    expect(clean(done, [{}])).toBe(false);
    expect(clean([], [])).toBe(false);
    const unheard = done.map((c) => (c.part === 'sound' ? check('sound', 'not_checked', 'no speech-to-text model') : c));
    expect(clean(unheard, [])).toBe(false);
    expect(toAcknowledge([...unheard.slice(0, 3), check('model_review', 'found')])).toEqual(['sound', 'model_review']);
  });
});
