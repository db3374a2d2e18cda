import { type Caller, confirmWorkAuthorization, getMyProfile, networkConfirm, networkPreview, type OutputOf, startIdentityCheck } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { checkBox, textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps } from '../kit/page.js';

type Me = OutputOf<typeof getMyProfile>;
type SignUp = NonNullable<Me['signUp']>;
type Step = SignUp['step'];
type Preview = OutputOf<typeof networkPreview>;
type IdentityStarted = OutputOf<typeof startIdentityCheck>;

/** The contract's sign-up steps, in order (`Me.signUp.step`). */
const STEPS: readonly { step: Step; name: string }[] = [
  { step: 'network', name: 'Your network profile' },
  { step: 'identity', name: 'Your identity' },
  { step: 'work', name: 'Work authorization' },
];

const NOTICES = {
  network: 'Network profile confirmed. Next: your identity.',
  finished: 'You are signed up. Everything on the marketplace is open to you now.',
};

/** What each identity check state means for the member (`Me.signUp.identity`). */
const IDENTITY_TEXT: Record<SignUp['identity'], string> = {
  none: 'Not started yet.',
  started: 'Started: finish the check with the verification provider. This page moves on once the provider reports the result.',
  review: 'The provider is reviewing your check. This page moves on once the result is in.',
  verified: 'Verified.',
  failed: 'The check failed. You can start a new one.',
  expired: 'The check expired before it was finished. You can start a new one.',
  duplicate: 'This ID already verified another account, so it cannot verify this one. Ask for help if that is wrong.',
};

/** Extra parts of the page that only one answer carries (shown, never put in a URL). */
interface Shown {
  preview?: Preview;
  identity?: IdentityStarted;
}

/**
 * Sign-up in the browser: one page that shows where the member is in the contract's steps
 * (network profile, identity, work authorization) and the form for the current step. Each form
 * runs the same catalogue operation as its REST route (`/api/me/network/preview` and `/confirm`,
 * `/api/me/identity`, `/api/me/work-authorization`); a refusal comes back next to its field.
 */
export function signUpPages(deps: PageDeps): PageDefinition[] {
  const render = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status?: number, shown: Shown = {}) =>
    guarded(reply, 'Sign up', async () => {
      const me = await callAs(deps.bus, req, caller, getMyProfile, {});
      return memberPage(reply, { title: 'Sign up', status, body: signUpBody(req, me, state, shown) });
    });

  return [
    sessionPage('/sign-up', render),
    formAction(deps, {
      path: '/sign-up/network/preview',
      form: 'network',
      op: networkPreview,
      page: render,
      input: (form) => ({ networkUrl: form.networkUrl ?? '' }),
      done: () => '/sign-up',
      shown: (out, req, reply, caller) => render(req, reply, caller, {}, 200, { preview: out }),
    }),
    formAction(deps, {
      path: '/sign-up/network/confirm',
      form: 'network',
      op: networkConfirm,
      page: render,
      input: (form) => ({ networkUrl: form.networkUrl ?? '' }),
      done: () => '/sign-up?done=network',
    }),
    formAction(deps, {
      path: '/sign-up/identity',
      form: 'identity',
      op: startIdentityCheck,
      page: render,
      input: () => ({}),
      done: () => '/sign-up',
      shown: (out, req, reply, caller) => render(req, reply, caller, {}, 200, { identity: out }),
    }),
    formAction(deps, {
      path: '/sign-up/work',
      form: 'work',
      op: confirmWorkAuthorization,
      page: render,
      input: (form) => ({ usWorkAuthorized: form.usWorkAuthorized === 'on' }),
      done: () => '/sign-up?done=finished',
    }),
  ];
}

function signUpBody(req: FastifyRequest, me: Me, state: FormState, shown: Shown): Raw {
  const notice = noticeOf(state.notice ?? doneNotice(req, NOTICES));
  if (!me.signUp) {
    return html`<h1>Sign up</h1>
${notice}
<p id="sign-up-finished">You have finished signing up: nothing is left to do here.</p>
<p><a class="button" href="/me/jobs/new">Post a job</a> <a class="button secondary" href="/">Find work</a> <a href="/me">Your page</a></p>`;
  }
  const current = STEPS.findIndex((s) => s.step === me.signUp!.step);
  const left = STEPS.length - current;
  return html`<h1>Sign up</h1>
${notice}
<p id="sign-up-progress">Step ${current + 1} of ${STEPS.length}: ${STEPS[current]!.name}. ${left === 1 ? 'This is the last step.' : `${left} steps left, this one included.`}</p>
<ol class="steps" aria-label="Sign-up steps">
${STEPS.map((s, i) => html`<li id="step-${s.step}"${i === current ? html` aria-current="step"` : ''}>${s.name}: <strong>${i < current ? 'done' : i === current ? 'now' : 'to do'}</strong></li>`)}
</ol>
${stepForm(me, state, shown)}
<p class="note">Until these steps are done, the rest of the marketplace answers “Finish signing up first.”</p>`;
}

function stepForm(me: Me, state: FormState, shown: Shown): Raw {
  const signUp = me.signUp!;
  if (signUp.step === 'network') {
    const preview = shown.preview;
    const lookUp = html`<form method="post" action="/sign-up/network/preview" id="network-form">
${textInput(
  {
    form: 'network',
    name: 'networkUrl',
    label: 'Your public network profile link',
    type: 'url',
    required: true,
    maxlength: 200,
    value: preview?.networkUrl,
    hint: 'The address of your public profile, https://{network host}/in/{your name}. Looking it up saves nothing.',
  },
  state,
)}
<button type="submit"${preview ? html` class="secondary"` : ''}>${preview ? 'Look up another link' : 'Look up my profile'}</button>
</form>`;
    if (!preview) return html`<h2>Your network profile</h2>${lookUp}`;
    return html`<h2>Your network profile</h2>
<section class="card" id="network-preview" aria-label="The profile found">
<p><strong>${preview.name}</strong>${preview.headline ? html` · ${preview.headline}` : ''}${preview.location ? html` · ${preview.location}` : ''}</p>
<p class="note">${preview.networkUrl}</p>
<form method="post" action="/sign-up/network/confirm">
<input type="hidden" name="networkUrl" value="${preview.networkUrl}">
<button type="submit">This is me: confirm</button>
</form>
<p class="note">Confirm within the hour (before <time datetime="${preview.confirmBy}">${preview.confirmBy.slice(0, 16).replace('T', ' ')}</time> UTC).</p>
</section>
${lookUp}`;
  }
  if (signUp.step === 'identity') {
    const canStart = signUp.identity === 'none' || signUp.identity === 'failed' || signUp.identity === 'expired';
    return html`<h2>Your identity</h2>
<p id="identity-state">Identity check: ${IDENTITY_TEXT[signUp.identity]}</p>
${shown.identity ? html`<p class="notice ok" role="status">The check is open. <a class="button" href="${shown.identity.verificationUrl}" rel="noreferrer">Continue with the verification provider</a></p>` : ''}
${
  canStart && !shown.identity
    ? html`<form method="post" action="/sign-up/identity" id="identity-form">
<button type="submit">Start the identity check</button>
</form>`
    : ''
}`;
  }
  return html`<h2>Work authorization</h2>
${signUp.verifiedName ? html`<p>Verified as <strong>${signUp.verifiedName}</strong>.</p>` : ''}
<form method="post" action="/sign-up/work" id="work-form">
${checkBox({ form: 'work', name: 'usWorkAuthorized', label: 'I may work in the United States', hint: 'Required: the marketplace is for people who may work in the United States.' }, state)}
<button type="submit">Finish signing up</button>
</form>`;
}
