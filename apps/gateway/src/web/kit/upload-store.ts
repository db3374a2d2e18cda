import { FILE_LIMITS } from '@marketplace/contracts';

import { html, type Raw } from './layout.js';

/*
 * The pages that upload files (the files page, the work page) send a file over the proxied cap
 * straight to the object store when it takes uploads from them (PageDeps.uploadStore): the page
 * names the store's origin for its script, and its policy lets the script reach that origin.
 */

/** The page's policy addition: the store's origin, when files go there. */
export function uploadsTo(store: string | null): { connectTo?: readonly string[] } {
  return store ? { connectTo: [store] } : {};
}

/**
 * The upload element's attributes for its script: where parts go (`data-store`), and from which
 * size (`data-store-over`: files up to the contract's proxied cap stay on the API).
 */
export function storeAttribute(store: string | null): Raw {
  return store ? html` data-store="${store}" data-store-over="${FILE_LIMITS.proxyBytes}"` : html``;
}
