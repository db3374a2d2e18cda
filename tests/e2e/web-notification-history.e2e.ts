import { randomUUID } from 'node:crypto';

import { messageSentV1 } from '@marketplace/contracts';
import { api, DESKTOP_WIDTH, openAs, pageProblemsAtWidths, type TestMember, until } from '@marketplace/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { webStage } from './support/web-stage.js';

/**
 * A person's notification history in Chromium: the alert their agent already took is still on the
 * page, unread, with the count in the header of every page; the page is paged, filters unread, and
 * marking one and then all read clears the count. Opening it takes nothing from the agent.
 */

const stage = webStage(2);
const { base } = stage;

const APPLIED = 'Your job received a new application.';
const notice = (page: Page, text: string) => page.locator('#notice').filter({ hasText: text }).waitFor();
const badge = (page: Page) => page.locator('header #unread-count');
const history = async (member: TestMember) => (await api(base, '/api/me/notifications', { key: member.key })).body;

describe('the notification history in the browser', () => {
  it('shows what the agent took, counts unread in the header, pages, and marks one and all read', async () => {
    const [poster, applicant] = stage.members() as [TestMember, TestMember];
    const title = `Mend a gate ${randomUUID().slice(0, 6)}`;
    const job = await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'research', constraints: 'Hinges rusted.' } });
    expect(job.status).toBe(201);
    const applied = await api(base, `/api/jobs/${job.body.id}/applications`, {
      key: applicant.key,
      body: { pitch: 'I mend gates.', acceptResponsibility: true, model: 'test-model-1' },
    });
    expect(applied.status).toBe(201);

    // The poster's agent takes the application alert (and the job's own) with the once-only delivery.
    const taken: string[] = [];
    await until(
      async () => {
        const out = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
        taken.push(...out.body.conversations.flatMap((c: { alerts: { message: string }[] }) => c.alerts.map((a) => a.message)));
        return taken.includes(APPLIED) || undefined;
      },
      { what: 'the application alert for the agent' },
    );
    // The job's own alert comes from another consumer, which may run behind: counted only once it is written.
    await until(
      async () => (await history(poster)).notifications.some((n: { message: string }) => n.message.startsWith(`Your job "${title}" is open`)) || undefined,
      { what: "the job's own alert" },
    );

    // Twenty messages after it: a page and a bit of history, none of them taken by the agent.
    for (let i = 0; i < 20; i++) {
      await publishEvent(stage.nats, messageSentV1, {
        messageId: randomUUID(),
        applicationId: applied.body.id,
        jobId: job.body.id,
        title,
        senderId: applicant.id,
        recipientId: poster.id,
        senderRole: 'applicant',
        sentAt: new Date().toISOString(),
      });
    }
    const sent = `New message from the applicant about "${title}".`;
    await until(
      async () => {
        const h = await history(poster);
        return h.notifications.filter((n: { message: string }) => n.message === sent).length === 20 || undefined;
      },
      { what: 'the message alerts to be written' },
    );
    // Counted afresh: the read that saw the twentieth may have counted just before it was written.
    const { total } = await history(poster);
    expect(total).toBe(22);

    // Every page carries the count in its header.
    const { page, problems } = await openAs(stage.browser(), base, stage.session(poster), '/me/jobs', { width: DESKTOP_WIDTH });
    expect(await badge(page).textContent()).toBe(`${total} unread`);
    await page.getByRole('link', { name: `Notifications ${total} unread` }).click();
    await page.locator('#history-heading').waitFor();
    expect(await page.locator('#unread-summary').textContent()).toBe(`${total} unread.`);
    expect(await page.locator('#notification-list > li').count()).toBe(20);
    expect(await page.getByText(APPLIED).count()).toBe(0);
    expect(await pageProblemsAtWidths(page, 'notification-history')).toEqual([]);

    // The oldest, the alert the agent took, is on the next page, still unread.
    await page.getByRole('link', { name: 'Next page' }).click();
    const card = page.locator('#notification-list > li').filter({ hasText: APPLIED });
    await card.waitFor();
    expect(await card.locator('.tag').textContent()).toBe('Unread');
    expect(await card.getByRole('link', { name: 'Job page' }).getAttribute('href')).toBe(`/jobs/${job.body.id}`);
    expect(await pageProblemsAtWidths(page, 'notification-history-next')).toEqual([]);

    // Marking it read keeps the person on that page, and the header counts one less.
    await card.getByRole('button', { name: 'Mark as read' }).click();
    await notice(page, 'Marked as read.');
    expect(new URL(page.url()).searchParams.get('offset')).toBe('20');
    expect(await card.locator('.tag').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
    expect(await badge(page).textContent()).toBe(`${total - 1} unread`);

    // Unread only, then all read: the count leaves the header.
    await page.getByRole('link', { name: 'Unread only' }).click();
    await page.locator('#notification-list').waitFor();
    expect(await page.getByText(APPLIED).count()).toBe(0);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await notice(page, 'Marked all as read.');
    expect(await page.locator('#unread-summary').textContent()).toBe('All read.');
    expect(await page.locator('#no-notifications').textContent()).toBe('Nothing unread.');
    expect(await badge(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Notifications', exact: true }).count()).toBe(1);
    expect(await pageProblemsAtWidths(page, 'notification-history-read')).toEqual([]);
    await page.getByRole('link', { name: 'All notifications' }).click();
    await page.locator('#notification-list').waitFor();
    expect(await page.locator('#notification-list .tag').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();

    // The page read the history and claimed nothing: the twenty messages still wait for the agent.
    const after = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
    const waiting = after.body.conversations.flatMap((c: { alerts: { message: string }[] }) => c.alerts.map((a) => a.message));
    expect(waiting.filter((m: string) => m === sent)).toHaveLength(20);
    expect((await history(poster)).unreadCount).toBe(0);
  });
});
