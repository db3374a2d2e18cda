import { createMembers, launchBrowser, signIn, type TestMember } from '@marketplace/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * What every browser test opens on: Chromium, a few members with complete profiles, and a browser
 * session for each one the test names. Registered once per file, ended with it.
 */
export interface WebStage {
  readonly base: string;
  readonly nats: string;
  readonly mailDir: string;
  browser(): Browser;
  /** The members in the order asked for. */
  members(): TestMember[];
  /** The session token of a member signed in at the start (throws for one that was not). */
  session(member: TestMember): string;
}

export function webStage(count: number, opts: { signedIn?: readonly number[] } = {}): WebStage {
  const base = inject('baseUrl');
  const nats = inject('natsUrl');
  const mailDir = inject('mailDir');
  let browser: Browser | undefined;
  let members: TestMember[] = [];
  const sessions = new Map<string, string>();
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The web stage has no ${what} yet: use it inside a test`);
    return value;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    members = await createMembers(nats, count);
    const signed = opts.signedIn ?? members.map((_, i) => i);
    for (const i of signed) {
      const m = ready(members[i], `member ${i}`);
      sessions.set(m.id, (await signIn(base, mailDir, { email: m.email })).token);
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    base,
    nats,
    mailDir,
    browser: () => ready(browser, 'browser'),
    members: () => (members.length ? members : ready<TestMember[]>(undefined, 'members')),
    session: (m) => ready(sessions.get(m.id), `session for member ${m.id}`),
  };
}
