import { html, sendPage } from '../kit/layout.js';
import { definePage } from '../kit/page.js';

/** The record link's page: its token is in the fragment, which the browser keeps to itself; the script reads it. */
export const recordPage = definePage({
  method: 'GET',
  path: '/record',
  guard: 'public',
  handler: async (_req, reply) =>
    sendPage(reply, {
      title: 'Record a walkthrough',
      body: html`
<h1>Record a walkthrough</h1>
<p id="who"></p>
<p id="needs">Loading…</p>
<p class="note">Your screen is recorded (up to 10 minutes), with your voice; parts are saved as you go. Close other windows that show passwords or customer data.</p>
<label><input type="checkbox" id="webcam"> Also use my webcam</label>
<p><button type="button" id="start" disabled>Start recording</button> <button type="button" id="stop" hidden>Stop</button></p>
<p id="status" role="status" aria-live="polite"></p>
<p id="result"></p>`,
      scripts: ['record'],
    }),
});
