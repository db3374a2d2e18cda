import { describe, expect, it } from 'vitest';

import { decodeMessage, decodeQuotedPrintable } from './mail-message.js';

describe('decodeMessage', () => {
  it('reads the text part of a multipart message with quoted-printable soft breaks', () => {
    const raw = [
      'Subject: =?UTF-8?Q?Your_sign-in_link?=',
      'Content-Type: multipart/alternative;',
      ' boundary="--b1"',
      '',
      '----b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Open http://127.0.0.1:3000/api/auth/magic-link/verify?token=3Dab=',
      'cd and caf=C3=A9',
      '----b1',
      'Content-Type: text/html',
      '',
      '<p>html</p>',
      '----b1--',
    ].join('\r\n');
    const mail = decodeMessage(raw);
    expect(mail.subject).toBe('Your sign-in link');
    expect(mail.text).toContain('verify?token=abcd and café');
  });

  it('decodes base64 bodies and plain ones', () => {
    const b64 = Buffer.from('hello link').toString('base64');
    expect(decodeMessage(`Subject: x\nContent-Transfer-Encoding: base64\n\n${b64}\n`).text).toBe('hello link');
    expect(decodeMessage('Subject: y\n\nplain\n').text).toBe('plain\n');
    expect(decodeQuotedPrintable('a=3Db')).toBe('a=b');
  });
});
