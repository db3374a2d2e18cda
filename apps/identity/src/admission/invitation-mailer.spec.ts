import { afterEach, describe, expect, it } from 'vitest';

import { InvitationMailer } from './invitation-mailer.js';

describe('InvitationMailer', () => {
  const saved = process.env.SMTP_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
  });

  it('is unavailable (503) without SMTP_URL, so nothing is reserved or sent', () => {
    delete process.env.SMTP_URL;
    const mailer = new InvitationMailer();
    expect(mailer.configured).toBe(false);
    expect(() => mailer.requireConfigured()).toThrow(expect.objectContaining({ status: 503 }));
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    expect(() => mailer.requireConfigured()).not.toThrow();
  });
});
