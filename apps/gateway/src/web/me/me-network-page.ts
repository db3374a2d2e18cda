import {
  AppError,
  findMyNetworkProfile,
  importNetworkProfile,
  type OutputOf,
  previewNetworkImport,
  PROFILE_LIMITS,
  US_STATE_NAMES,
  US_STATES,
} from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { selectInput, textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, errorText, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender } from '../kit/page.js';
import { meCrumbs } from './me-page-parts.js';

type Preview = OutputOf<typeof previewNetworkImport>;

const enc = encodeURIComponent;
const STATE_OPTIONS = [['', 'Choose a state'], ...US_STATES.map((s) => [s, US_STATE_NAMES[s]] as const)] as const;
const AUTHORIZED_OPTIONS = [
  ['', 'Choose'],
  ['yes', 'Yes'],
  ['no', 'No'],
] as const;
const CRUMB = { href: '/me/profile', text: 'Profile and photo' };

const query = (req: FastifyRequest, key: string): string | undefined => {
  const v = (req.query as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : undefined;
};

function linkForm(value: string | undefined, error?: string): Raw {
  return html`<form method="get" action="/me/profile/network/review">
${textInput(
  {
    form: 'link',
    name: 'networkUrl',
    label: 'Your network profile link',
    value,
    type: 'url',
    maxlength: 200,
    hint: 'Such as https://network.example/in/your-name.',
  },
  { form: 'link', errors: error ? { networkUrl: error } : {} },
)}
<button type="submit">Look it up</button>
</form>`;
}

/**
 * Look up: the profiles matching the account name (asked for with a button, since each lookup
 * counts against the member's limit) or a pasted link, each leading to its review.
 */
const lookupPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Import your network profile', async () => {
      const found = query(req, 'find') === '1' ? await callAs(deps.bus, req, caller, findMyNetworkProfile, {}) : null;
      return memberPage(reply, {
        title: 'Import your network profile',
        status,
        body: html`
${meCrumbs('Import your network profile', CRUMB)}
<h1>Import your network profile</h1>
${noticeOf(state.notice)}
<p>Fill your profile from your public network profile: name, headline, about, skills, city, state, website and résumé. You see what would be imported before anything is saved; imported values replace the ones you saved.</p>
<section class="part" aria-labelledby="find-heading">
<h2 id="find-heading">Find it by your name</h2>
<form method="get" action="/me/profile/network"><input type="hidden" name="find" value="1"><button type="submit">Find my profile</button></form>
${
  found === null
    ? ''
    : found.profiles.length === 0
      ? html`<p class="note" id="no-matches">No public profile has exactly your account name. Paste your link below.</p>`
      : html`<ul class="cards" id="matches">${found.profiles.map(
          (m) => html`<li class="card">
<h3>${m.name}</h3>
${m.headline || m.location ? html`<p class="meta">${[m.headline, m.location].filter(Boolean).join(' · ')}</p>` : ''}
<p><a href="/me/profile/network/review?networkUrl=${enc(m.networkUrl)}">Review what ${m.name} would import</a></p>
</li>`,
        )}</ul>`
}
</section>
<section class="part" aria-labelledby="link-heading">
<h2 id="link-heading">Or use your link</h2>
${linkForm(state.values?.networkUrl, state.errors?.networkUrl)}
</section>`,
      });
    });

function shown(value: string | null): Raw {
  return value ? html`${value}` : html`<span class="muted">Nothing</span>`;
}

function importedTable(p: Preview): Raw {
  const rows: [string, Raw][] = [
    ['Name', shown(p.name)],
    ['Headline', shown(p.headline)],
    ['About', shown(p.about)],
    ['Skills', p.skills.length ? html`${p.skills.join(', ')}` : shown(null)],
    ['City', shown(p.city)],
    ['State', shown(p.state ? US_STATE_NAMES[p.state] : null)],
    ['Website', shown(p.website)],
    ['Résumé', p.resume ? html`${p.resume.length} characters of Markdown` : shown(null)],
  ];
  return html`<dl class="answers" id="imported">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>`;
}

/** The confirm step: what the import saves, and the answers the profile cannot give. */
const reviewPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) => {
    const networkUrl = state.values?.networkUrl ?? query(req, 'networkUrl') ?? '';
    return guarded(reply, 'Review the import', async () => {
      let preview: Preview;
      try {
        preview = await callAs(deps.bus, req, caller, previewNetworkImport, { networkUrl });
      } catch (err) {
        // A bad or unknown link goes back to the lookup with the reason next to the link box.
        if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 404)) throw err;
        const errors = { networkUrl: (err.extra.fields as Record<string, string> | undefined)?.networkUrl ?? err.message };
        return lookupPage(deps)(
          req,
          reply,
          caller,
          { form: 'link', values: { networkUrl }, errors, notice: { kind: 'error', text: errorText(err) } },
          err.status,
        );
      }
      const field = { form: 'import' };
      return memberPage(reply, {
        title: 'Review the import',
        status,
        body: html`
${meCrumbs('Review the import', CRUMB)}
<h1>Review the import</h1>
${noticeOf(state.notice)}
<p>From <a href="${preview.networkUrl}" rel="noopener">${preview.networkUrl}</a>. Confirming saves these to your profile, replacing what you saved. Your photo and whether applicant lists show your name stay as they are.</p>
${importedTable(preview)}
<form method="post" action="/me/profile/network/import">
<input type="hidden" name="networkUrl" value="${preview.networkUrl}">
${
  preview.needs.includes('usWorkAuthorized')
    ? selectInput(
        {
          ...field,
          name: 'usWorkAuthorized',
          label: 'Are you authorized to work in the United States?',
          options: AUTHORIZED_OPTIONS,
          hint: 'Needed on a first import. Private.',
        },
        state,
      )
    : ''
}
${preview.needs.includes('city') ? textInput({ ...field, name: 'city', label: 'City', maxlength: PROFILE_LIMITS.city, hint: 'The profile has no city.' }, state) : ''}
${preview.needs.includes('state') ? selectInput({ ...field, name: 'state', label: 'State', options: STATE_OPTIONS, hint: 'The profile has no US state.' }, state) : ''}
<button type="submit">Import into my profile</button>
</form>
<p><a href="/me/profile/network">Look up another profile</a></p>`,
      });
    });
  };

/** /me/profile/network: look up a network profile, review what it would import, confirm. */
export function meNetworkPages(deps: PageDeps): PageDefinition[] {
  const review = reviewPage(deps);
  return [
    sessionPage('/me/profile/network', lookupPage(deps)),
    sessionPage('/me/profile/network/review', review),
    formAction(deps, {
      path: '/me/profile/network/import',
      form: 'import',
      op: importNetworkProfile,
      page: review,
      input: (f) => ({
        networkUrl: f.networkUrl ?? '',
        ...(f.usWorkAuthorized === 'yes' ? { usWorkAuthorized: true } : f.usWorkAuthorized === 'no' ? { usWorkAuthorized: false } : {}),
        ...(f.city?.trim() ? { city: f.city.trim() } : {}),
        ...(f.state ? { state: f.state } : {}),
      }),
      done: () => '/me/profile?done=imported',
    }),
  ];
}
