import MarkdownIt from 'markdown-it';

import { type Raw, raw } from './html-escape.js';

const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * Job descriptions are Markdown written by members (and their agents). markdown-it with
 * `html: false` never passes raw HTML through (it is shown as text); links keep only http,
 * https and mailto targets (anything else, relative ones included, renders as plain text) and get
 * rel="nofollow noopener"; images are off, so a page never loads anything from elsewhere.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
md.disable(['image']);
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Sanitised HTML for a member's Markdown. */
export function renderMarkdown(source: string): Raw {
  return raw(md.render(source));
}
