/** The one stylesheet of every page, served as /assets/site.css (see assets.ts). Mobile first. */
export const SITE_CSS = `
:root { color-scheme: light dark; --accent: #0b57d0; --accent-text: #fff; --muted: #5f6368; --line: #c4c7c5;
  --bg: #fff; --fg: #1a1a1a; --panel: #f4f6f8; --ok: #146c2e; --bad: #b3261e; }
@media (prefers-color-scheme: dark) {
  :root { --accent: #8ab4f8; --accent-text: #0b1a33; --muted: #a8adb3; --line: #44474a; --bg: #121314; --fg: #e8eaed;
    --panel: #1d1f21; --ok: #6dd58c; --bad: #f2b8b5; }
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; background: var(--bg); color: var(--fg);
  overflow-wrap: anywhere; }
a { color: var(--accent); }
[hidden] { display: none !important; }
.skip { position: absolute; left: -999px; top: 0; }
.skip:focus { left: .5rem; background: var(--bg); padding: .5rem; z-index: 1; }
.site-header, main, .site-footer { max-width: 56rem; margin: 0 auto; padding: .75rem 1rem; }
.site-header { display: flex; flex-wrap: wrap; gap: .5rem 1rem; justify-content: space-between; align-items: center;
  border-bottom: 1px solid var(--line); }
.site-header .brand { font-weight: 700; text-decoration: none; color: inherit; font-size: 1.1rem; }
.site-header nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
.site-footer { border-top: 1px solid var(--line); color: var(--muted); font-size: .9rem; margin-top: 2rem; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 1rem 0; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input, select, textarea { font: inherit; padding: .5rem; width: 100%; max-width: 28rem; border: 1px solid var(--muted); border-radius: .25rem;
  background: var(--bg); color: var(--fg); }
button, .button { font: inherit; padding: .5rem 1rem; margin: .75rem .5rem 0 0; border: 1px solid var(--accent); border-radius: .25rem;
  background: var(--accent); color: var(--accent-text); cursor: pointer; text-decoration: none; display: inline-block; }
button.secondary, .button.secondary { background: transparent; color: var(--accent); }
:focus-visible { outline: 3px solid #f9ab00; outline-offset: 2px; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
code { font-size: .95em; word-break: break-all; }
pre { overflow-x: auto; background: var(--panel); padding: .75rem; border-radius: .25rem; }
pre code { word-break: normal; }
.note, .muted { color: var(--muted); }
.error { color: var(--bad); }
textarea { max-width: 100%; }
[aria-invalid="true"] { border-color: var(--bad); border-width: 2px; }
.field-error { margin: .25rem 0 0; font-weight: 600; }
.check { display: flex; gap: .5rem; align-items: flex-start; margin: 1rem 0 .25rem; }
.check input { width: auto; margin-top: .35rem; }
.check label { margin: 0; font-weight: 400; }
.actions { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
.status { font-weight: 600; }
.notice { padding: .75rem 1rem; border-radius: .25rem; margin: 1rem 0; border: 1px solid var(--line); background: var(--panel); }
.notice.ok { border-color: var(--ok); }
.notice.error { border-color: var(--bad); }
.secret { padding: 1rem; border: 2px solid var(--accent); border-radius: .25rem; margin: 1rem 0; }
section.part { border-top: 1px solid var(--line); margin-top: 2rem; }
form.inline { display: inline; }
.intro { font-size: 1.1rem; }
.cards { display: grid; gap: 1rem; grid-template-columns: 1fr; padding: 0; list-style: none; }
.card { border: 1px solid var(--line); border-radius: .5rem; padding: .75rem 1rem; background: var(--panel); }
.card h3, .card h2 { margin: 0 0 .25rem; font-size: 1.1rem; }
.table-wrap th, .table-wrap td { overflow-wrap: break-word; min-width: 5rem; }
.table-wrap button { white-space: nowrap; margin: 0; }
.meta { color: var(--muted); font-size: .9rem; margin: 0; }
.tag { display: inline-block; border: 1px solid var(--line); border-radius: 1rem; padding: 0 .5rem; font-size: .85rem; }
.search { display: grid; gap: .5rem; grid-template-columns: 1fr; align-items: end; }
.search label { margin: 0; }
.search button { margin: 0; }
.pager { display: flex; justify-content: space-between; gap: 1rem; margin: 1rem 0; }
.markdown { overflow-wrap: anywhere; }
.markdown img { max-width: 100%; }
video { width: 100%; max-width: 40rem; }
.comments { list-style: none; padding: 0; }
fieldset { min-width: 0; margin: 1rem 0; }
.card .markdown :is(h1, h2, h3, h4) { font-size: 1.05rem; margin: .75rem 0 .25rem; }
.comments li { border-left: 3px solid var(--line); padding: .25rem .75rem; margin: .75rem 0; }
.comments li.reply { margin-left: 1.5rem; }
.comment-body { white-space: pre-wrap; margin: .25rem 0 0; }
.links { margin: .5rem 0 0; }
.waits { margin: .25rem 0 0; }
.label { font-weight: 600; margin: .75rem 0 0; }
.actions form { margin: 0; }
.preview { border: 1px dashed var(--line); border-radius: .25rem; padding: .25rem 1rem; }
fieldset { border: 0; padding: 0; margin: 1rem 0 0; min-width: 0; }
legend { font-weight: 600; padding: 0; }
details { margin: .5rem 0; }
summary { cursor: pointer; color: var(--accent); }
.review { padding-left: 1.25rem; }
.answers dd { margin: 0 0 1rem; }
.answer { white-space: pre-wrap; margin: .25rem 0; }
.me-head { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; }
.me-head h1 { margin-bottom: 0; }
img.photo { width: 8rem; height: 8rem; object-fit: cover; border-radius: 50%; border: 1px solid var(--line); }
.file-preview { margin: 1rem 0; }
.file-preview img { max-width: 100%; height: auto; border: 1px solid var(--line); }
progress { width: 100%; max-width: 28rem; height: 1.25rem; }
input[readonly] { background: var(--panel); }
.messages, .alerts, .push-browsers { list-style: none; padding: 0; }
.message { border: 1px solid var(--line); border-radius: .5rem; padding: .5rem .75rem; margin: .75rem 2rem .75rem 0; }
.message.mine { margin: .75rem 0 .75rem 2rem; background: var(--panel); }
.message-body { white-space: pre-wrap; margin: .25rem 0 0; }
.unread { font-weight: 600; border-color: var(--accent); }
.excerpt { margin: .25rem 0 0; }
.alerts li { margin: .5rem 0; }
.alerts p { margin: 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.badge { display: inline-block; min-width: 1.5em; margin-left: .25rem; padding: 0 .4em; border-radius: 1em; background: var(--accent);
  color: var(--accent-text); font-size: .85rem; font-weight: 700; text-align: center; text-decoration: none; }
.card.unread { font-weight: 400; border-left-width: 4px; }
.notification-message { margin: .25rem 0; }
@media (min-width: 40rem) {
  .search { grid-template-columns: 2fr 1fr auto; }
  .cards.two { grid-template-columns: 1fr 1fr; }
  h1 { font-size: 2rem; }
}
`;
