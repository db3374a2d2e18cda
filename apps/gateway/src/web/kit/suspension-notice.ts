import type { Caller } from '@marketplace/contracts';

import { html, type Raw } from './layout.js';

/**
 * What a suspended member sees on their own pages: the reason staff gave and the way to appeal.
 * The reason comes with the caller (identity resolves it at every request), so no page asks again.
 */
export function suspensionNotice(caller: Caller): Raw {
  if (!caller.suspended) return html``;
  return html`<div class="notice error" role="status" id="suspension">
<p>Your account is suspended: ${caller.suspended}</p>
<p>You can still sign in, read and download your files, but posting, applying, messages, comments and uploads are refused until staff lift the suspension.</p>
<p><a href="/help?topic=appeal#help-heading">Appeal from the help page</a></p>
</div>`;
}
