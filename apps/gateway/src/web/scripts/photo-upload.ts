import { byId, errorBody, say } from './dom.js';

/**
 * The profile photo: the chosen PNG or JPEG goes as the body of PUT /api/me/photo with the browser
 * session, then the page is loaded again to show it (the form stays hidden without JavaScript).
 */
const form = byId<HTMLFormElement>('photo-form');
const input = byId<HTMLInputElement>('photo-file');
const status = byId('photo-status');
const TYPES = ['image/png', 'image/jpeg'];

form.hidden = false;

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const file = input.files?.[0];
  if (!file) return say(status, 'Choose a photo first.', true);
  if (!TYPES.includes(file.type)) return say(status, 'Choose a PNG or JPEG image.', true);
  const button = form.querySelector('button');
  if (button) button.disabled = true;
  say(status, 'Uploading your photo…');
  const res = await fetch('/api/me/photo', { method: 'PUT', headers: { 'content-type': file.type }, body: file }).catch(() => null);
  if (button) button.disabled = false;
  if (res?.ok) {
    location.assign('/me/profile?done=photo');
    return;
  }
  if (res?.status === 401) {
    location.assign('/sign-in?next=%2Fme%2Fprofile');
    return;
  }
  const body = await errorBody(res);
  say(status, body.fields?.image ?? body.error ?? 'The photo could not be uploaded. Check your connection and try again.', true);
  input.focus();
});
