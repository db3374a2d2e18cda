import type { Me } from '@marketplace/contracts';

import { html, type Raw } from '../kit/layout.js';

/*
 * Pieces the pages of Me (and the team pages under it) share. They live apart from me-pages.ts,
 * which mounts those pages, so no page imports back from the module that mounts it.
 */

/** The breadcrumb above every part of Me; `parent` is the part a page belongs to, when it is not Me itself. */
export function meCrumbs(title: string, parent?: { href: string; text: string }): Raw {
  return html`<nav aria-label="Breadcrumb"><p class="meta"><a href="/me">Me</a> › ${parent ? html`<a href="${parent.href}">${parent.text}</a> › ` : ''}${title}</p></nav>`;
}

/**
 * A member's own photo, when it is one this site serves: a photo imported from elsewhere is an
 * address on another origin, which the pages' policy does not load.
 */
export function ownPhoto(me: Pick<Me, 'photoUrl' | 'name'>, alt: string): Raw {
  return me.photoUrl?.startsWith('/') ? html`<img class="photo" src="${me.photoUrl}" alt="${alt}" width="128" height="128">` : html``;
}

/** A table that may scroll sideways on a phone: a labelled region that takes focus, so a keyboard can scroll it too. */
export function scrollTable(label: string, table: Raw): Raw {
  return html`<div class="table-wrap" role="region" aria-label="${label}" tabindex="0">${table}</div>`;
}
