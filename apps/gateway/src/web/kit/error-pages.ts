import { AppError, type Caller } from '@marketplace/contracts';
import { FINISH_SIGN_UP_MESSAGE } from '@marketplace/service-kit/edge';
import type { FastifyReply } from 'fastify';

import { html, type Raw, sendPage } from './layout.js';

/**
 * The site's one set of error pages: who may not see a page (401, 403, the staff console's 403,
 * the invite-only gate), a sign-up still to finish, what is not there (404), what failed (another
 * status from a service) and what broke (500). Every page and form of every area answers with these.
 */

/** The way back from an error: to the member's own page and the jobs, or to the jobs. */
const back = (signedIn: boolean): Raw =>
  signedIn ? html`<p><a href="/me">Your page</a> · <a href="/">Jobs</a></p>` : html`<p><a href="/">See the open jobs</a></p>`;

/** A 401 or 403 from a guard or a service, in the service's words. */
export function refusedPage(reply: FastifyReply, err: AppError): FastifyReply {
  if (err.code === 'sign_up_unfinished') return finishSignUpPage(reply);
  return sendPage(reply, {
    status: err.status,
    title: 'Not allowed',
    signedIn: err.status !== 401,
    body: html`
<h1>${err.status === 401 ? 'Sign in first' : 'Not allowed'}</h1>
<p class="notice error" role="alert">${err.message}</p>
<p>${err.status === 401 ? html`<a href="/sign-in">Sign in</a> · ` : ''}<a href="/">Back to the jobs</a></p>`,
  });
}

/** 403 `Finish signing up first.`: a member whose sign-up steps are not done yet. */
export function finishSignUpPage(reply: FastifyReply): FastifyReply {
  return sendPage(reply, {
    status: 403,
    title: 'Finish signing up',
    signedIn: true,
    body: html`
<h1>Finish signing up first</h1>
<p class="notice error" role="alert">${FINISH_SIGN_UP_MESSAGE}</p>
<p>The sign-up steps come first: network profile, identity, then work authorization.</p>
<p><a class="button" href="/sign-up">Go to your next sign-up step</a></p>
<p class="note">Your agent or the API can take you through them too (<a href="/api/docs">API reference</a>).</p>
<p><a href="/me">Your page</a> · <a href="/">Back to the jobs</a></p>`,
  });
}

/** The staff console's refusal: whatever the reason, the console is for staff. Always 403. */
export function staffOnlyPage(reply: FastifyReply, err: AppError): FastifyReply {
  return sendPage(reply, {
    status: 403,
    title: 'Staff only',
    signedIn: true,
    body: html`
<h1>Staff only</h1>
<p class="notice error" role="alert">${err.status === 403 ? 'This console is for marketplace staff.' : err.message}</p>
<p><a href="/">Back to the jobs</a></p>`,
  });
}

/** The invite-only gate, as the API's 401 (sign in) or 403 (not let in yet) says it. */
export function gate(err: AppError, caller: Caller | null, url: string): Raw {
  const next = `/sign-in?next=${encodeURIComponent(url)}`;
  return html`<div class="notice" role="alert" id="gate">
<p>${err.message}</p>
${
  caller
    ? html`<p>You are signed in but not let in yet. <a href="/join">Accept an invitation or join the waitlist</a>.</p>`
    : html`<p><a class="button" href="${next}">Sign in</a> <a class="button secondary" href="/join">About the invitation</a></p>`
}
</div>`;
}

/** A public page a 401 or 403 closed: the gate. */
export function membersOnlyPage(reply: FastifyReply, err: AppError, caller: Caller | null, url: string): FastifyReply {
  return sendPage(reply, { status: err.status, title: 'Members only', signedIn: !!caller, body: html`<h1>Members only</h1>${gate(err, caller, url)}` });
}

/** 404: what the page names is not there (or not for this visitor). */
export function notFoundPage(reply: FastifyReply, page: { title: string; text: string; signedIn: boolean }): FastifyReply {
  return sendPage(reply, {
    status: 404,
    title: page.title,
    signedIn: page.signedIn,
    body: html`
<h1>${page.title}</h1>
<p class="notice error" role="alert">${page.text}</p>
${back(page.signedIn)}`,
  });
}

/** Another status from a service (409, 429, 503…): the page's title and the service's message. */
export function failedPage(reply: FastifyReply, err: AppError, title: string): FastifyReply {
  if (err.status === 404) return notFoundPage(reply, { title: 'Not found', text: err.message, signedIn: true });
  return sendPage(reply, {
    status: err.status,
    title,
    signedIn: true,
    body: html`
<h1>${title}</h1>
<p class="notice error" role="alert">${err.message}</p>
${back(true)}`,
  });
}

/** 500: an unexpected failure, named by its request id (the same as the x-request-id header and the logs). */
export function serverErrorPage(reply: FastifyReply, requestId: string): FastifyReply {
  return sendPage(reply, {
    status: 500,
    title: 'Something went wrong',
    body: html`
<h1>Something went wrong</h1>
<p class="notice error" role="alert">Something went wrong on our side. Try again in a moment.</p>
<p class="note">If it keeps happening, <a href="/help">tell the team</a> and give them this request id: <code>${requestId}</code>.</p>
${back(false)}`,
  });
}

/** Renders what `render` builds; a refusal from the services becomes `refusal`'s page, another failure `failedPage`. */
export async function guarded(
  reply: FastifyReply,
  title: string,
  render: () => Promise<FastifyReply>,
  refusal: (r: FastifyReply, e: AppError) => FastifyReply = refusedPage,
): Promise<FastifyReply> {
  try {
    return await render();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 401 || err.status === 403) return refusal(reply, err);
    return failedPage(reply, err, title);
  }
}

/**
 * A public page whose read failed: the gate for 401/403, `notFound` for 404 and 400 (an id that
 * cannot name anything); anything else is thrown to the error handler.
 */
export function readFailedPage(reply: FastifyReply, err: unknown, caller: Caller | null, url: string, notFound: { title: string; text: string }): FastifyReply {
  if (!(err instanceof AppError)) throw err;
  if (err.status === 401 || err.status === 403) return membersOnlyPage(reply, err, caller, url);
  if (err.status === 404 || err.status === 400) return notFoundPage(reply, { ...notFound, signedIn: !!caller });
  throw err;
}
