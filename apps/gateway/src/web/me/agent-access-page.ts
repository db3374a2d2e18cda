import { html, sendPage } from '../kit/layout.js';
import { definePage } from '../kit/page.js';

/** Agent access: API keys and connected agents, driven by its script over the same JSON API everyone uses. */
export const agentAccessPage = definePage({
  method: 'GET',
  path: '/agent-access',
  guard: 'signed-in',
  // An identity outage is a 503 here (the guard), not a misleading trip to the sign-in page.
  handler: async (_req, reply) =>
    sendPage(reply, {
      title: 'Agent access',
      signedIn: true,
      body: html`
<h1>Agent access</h1>
<p>API keys let your agents use the REST API as you: send <code>Authorization: Bearer &lt;key&gt;</code>.
Each key allows 120 requests a minute. Agents on MCP sign in with OAuth instead and need no key.</p>
<form id="create-form" novalidate>
  <h2>Create a key</h2>
  <label for="key-name">Key name</label>
  <input id="key-name" name="name" maxlength="120" required placeholder="e.g. My research agent">
  <button type="submit">Create key</button>
</form>
<section id="new-key" class="secret" tabindex="-1" hidden aria-labelledby="new-key-heading">
  <h2 id="new-key-heading">New key: <span id="new-key-name"></span></h2>
  <p>Copy it now: it is shown only this once.</p>
  <p><code id="new-key-value"></code></p>
</section>
<p id="status" role="status" aria-live="polite"></p>
<h2 id="keys-heading" tabindex="-1">Your keys</h2>
<p id="no-keys" class="note" hidden>You have no API keys.</p>
<div class="table-wrap"><table>
  <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="note">Action</span></th></tr></thead>
  <tbody id="keys"></tbody>
</table></div>
<h2 id="agents-heading" tabindex="-1">Connected agents</h2>
<p class="note">Agents you approved over MCP sign-in. Disconnecting ends their access at once; connecting again asks you again.</p>
<p id="no-agents" class="note" hidden>No agents are connected.</p>
<div class="table-wrap"><table>
  <thead><tr><th scope="col">Agent</th><th scope="col">Returns to</th><th scope="col">Scopes</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col"><span class="note">Action</span></th></tr></thead>
  <tbody id="agents"></tbody>
</table></div>
<p><button type="button" id="sign-out" class="secondary">Sign out</button></p>`,
      scripts: ['agent-access'],
    }),
});
