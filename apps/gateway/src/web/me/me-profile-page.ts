import { deleteMyPhoto, getMyProfile, PHOTO_LIMITS, PROFILE_LIMITS, updateMyProfile, US_STATE_NAMES, US_STATES } from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { checkBox, lines, selectInput, textArea, textInput } from '../kit/form-fields.js';
import { html } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender } from '../kit/page.js';
import { meCrumbs, ownPhoto } from './me-page-parts.js';

const L = PROFILE_LIMITS;

const DONE = {
  saved: 'Your profile is saved.',
  photo: 'Your new photo is saved.',
  'photo-removed': 'Your photo is removed.',
  imported: 'Your network profile is imported into your profile.',
} as const;

const STATE_OPTIONS = [['', 'Not set'], ...US_STATES.map((s) => [s, US_STATE_NAMES[s]] as const)] as const;
const AUTHORIZED_OPTIONS = [
  ['', 'Not answered'],
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;

/**
 * A skill's error is keyed by its place in the list (`skills.3`); the form has one skills box,
 * so the message goes next to it, naming the line.
 */
function foldSkillErrors(state: FormState): FormState {
  if (!state.errors) return state;
  const errors = { ...state.errors };
  for (const [key, message] of Object.entries(state.errors)) {
    const line = /^skills\.(\d+)$/.exec(key)?.[1];
    if (line === undefined) continue;
    errors.skills ??= `Line ${Number(line) + 1}: ${message}`;
    delete errors[key];
  }
  return { ...state, errors };
}

/** The posted form as the operation's input: an empty box clears its field, unanswered choices stay as they are. */
function profileInput(f: Record<string, string | undefined>): unknown {
  const authorized = f.usWorkAuthorized === 'yes' ? true : f.usWorkAuthorized === 'no' ? false : undefined;
  return {
    headline: f.headline,
    about: f.about,
    skills: lines(f.skills),
    city: f.city,
    state: f.state,
    website: f.website,
    resume: f.resume,
    ...(authorized === undefined ? {} : { usWorkAuthorized: authorized }),
    applicantVisibility: f.applicantVisibility === 'on' ? 'public' : 'anonymous',
  };
}

const profilePage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, given, status = 200) =>
    guarded(reply, 'Profile', async () => {
      const me = await callAs(deps.bus, req, caller, getMyProfile, {});
      const p = me.profile;
      const state = foldSkillErrors(given);
      const field = { form: 'profile' };
      const authorized = p?.usWorkAuthorized === true ? 'yes' : p?.usWorkAuthorized === false ? 'no' : '';
      return memberPage(reply, {
        title: 'Profile',
        status,
        scripts: ['photo-upload'],
        body: html`
${meCrumbs('Profile and photo')}
<h1>Profile and photo</h1>
${noticeOf(state.notice ?? doneNotice(req, DONE))}
${me.missing.length ? html`<p class="note">Still needed before you post or apply: ${me.missing.join(', ')}.</p>` : ''}
<section class="part" aria-labelledby="photo-heading">
<h2 id="photo-heading">Photo</h2>
<div class="me-head">${ownPhoto(me, 'Your current photo')}
${!me.photoUrl ? html`<p class="note">You have no photo yet.</p>` : me.photoUrl.startsWith('/') ? '' : html`<p class="note">Your photo comes from your network profile.</p>`}</div>
<form id="photo-form" hidden>
<label for="photo-file">Choose a photo</label>
<input id="photo-file" name="image" type="file" accept="image/png,image/jpeg" required aria-describedby="photo-file-hint">
<p class="note" id="photo-file-hint">A PNG or JPEG of at most ${Math.round(PHOTO_LIMITS.bytes / 1_048_576)} MB. It is scaled to ${PHOTO_LIMITS.stored} pixels a side and its metadata (such as location) is removed.</p>
<button type="submit">Upload photo</button>
<p id="photo-status" role="status" aria-live="polite"></p>
</form>
<noscript><p class="note">Uploading a photo needs JavaScript.</p></noscript>
${me.photoUrl ? html`<form method="post" action="/me/photo/delete"><button type="submit" class="secondary">Remove photo</button></form>` : ''}
</section>
<section class="part" aria-labelledby="profile-heading">
<h2 id="profile-heading">About you</h2>
<p><a href="/me/profile/network">Import your network profile</a> to fill this in from it: you review what it brings before anything is saved.</p>
<p class="note">Your name (${me.name}) comes from your account. Everything but your résumé and work authorization is on <a href="/members/${me.id}">your public page</a>.</p>
<form method="post" action="/me/profile" novalidate>
${textInput({ ...field, name: 'headline', label: 'Headline', value: p?.headline, maxlength: L.headline, hint: 'One line, such as "Data engineer who loves messy spreadsheets".' }, state)}
${textArea({ ...field, name: 'about', label: 'About', value: p?.about, maxlength: L.about, rows: 6 }, state)}
${textArea({ ...field, name: 'skills', label: 'Skills', value: p?.skills.join('\n'), rows: 4, hint: `One per line, up to ${L.skills}.` }, state)}
${textInput({ ...field, name: 'city', label: 'City', value: p?.city, maxlength: L.city, autocomplete: 'address-level2' }, state)}
${selectInput({ ...field, name: 'state', label: 'State', value: p?.state, options: STATE_OPTIONS }, state)}
${textInput({ ...field, name: 'website', label: 'Website', type: 'url', value: p?.website, maxlength: L.website, autocomplete: 'url', hint: 'An https:// address.' }, state)}
${textArea({ ...field, name: 'resume', label: 'Résumé', value: p?.resume, maxlength: L.resume, rows: 10, hint: 'Markdown. Private: only posters you apply to see it, with your application.' }, state)}
${selectInput({ ...field, name: 'usWorkAuthorized', label: 'Are you authorized to work in the United States?', value: authorized, options: AUTHORIZED_OPTIONS, hint: 'Private; some jobs need it.' }, state)}
<fieldset>
<legend>Applicant lists</legend>
${checkBox(
  {
    ...field,
    name: 'applicantVisibility',
    label: 'Show my name, photo and record when I apply',
    checked: p?.applicantVisibility === 'public',
    hint: "Off: public lists of a job's applicants show you under a codename. The poster always sees your application.",
  },
  state,
)}
</fieldset>
<button type="submit">Save profile</button>
</form>
</section>`,
      });
    });

/** /me/profile: the profile form, the photo (uploaded by script over the API, removed by a form). */
export function meProfilePages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const page = profilePage(deps);
  pages.push(sessionPage('/me/profile', page));
  pages.push(
    formAction(deps, {
      path: '/me/profile',
      form: 'profile',
      op: updateMyProfile,
      page,
      input: profileInput,
      done: () => '/me/profile?done=saved',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/photo/delete',
      form: 'photo',
      op: deleteMyPhoto,
      page,
      input: () => ({}),
      done: () => '/me/profile?done=photo-removed',
    }),
  );
  return pages;
}
