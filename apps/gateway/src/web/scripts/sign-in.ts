import { byId, errorBody, JSON_HEADERS, say } from './dom.js';

const form = byId<HTMLFormElement>('sign-in-form');
const status = byId('status');
const email = byId<HTMLInputElement>('email');
/** Where to go after sign-in: a local path the server already checked. */
const next = form.dataset.next ?? '/agent-access';

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  say(status, 'Sending your link…');
  let res: Response | null = null;
  try {
    res = await fetch('/api/auth/sign-in/magic-link', {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: email.value.trim(), callbackURL: next, errorCallbackURL: '/sign-in' }),
    });
  } catch {
    res = null;
  }
  if (res?.ok) {
    location.assign('/sign-in/check-email');
    return;
  }
  const body = await errorBody(res);
  say(status, body.fields?.email ? 'Enter a valid email address.' : body.error || 'The link could not be sent. Try again.', true);
  email.focus();
});
