import { describe, expect, it } from 'vitest';

import { renderMarkdown } from './markdown.js';

const render = (s: string) => renderMarkdown(s).value;

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(render('# Title\n\n**bold** and `code`\n\n- one\n- two')).toBe(
      '<h1>Title</h1>\n<p><strong>bold</strong> and <code>code</code></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  it('never passes raw HTML through', () => {
    const out = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> <b onclick="x">hi</b>');
    expect(out).not.toMatch(/<script|<img|<b /);
    expect(out).toContain('&lt;script&gt;');
  });

  it('keeps only http, https and mailto links, with rel=nofollow noopener', () => {
    expect(render('[a](https://example.com/x)')).toBe('<p><a href="https://example.com/x" rel="nofollow noopener noreferrer">a</a></p>\n');
    expect(render('[m](mailto:someone@example.com)')).toContain('href="mailto:someone@example.com" rel="nofollow noopener noreferrer"');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '/relative', '//evil.example/x']) {
      expect(render(`[x](${bad})`), bad).not.toContain('<a ');
    }
    expect(render('see https://example.com')).toContain('<a href="https://example.com" rel="nofollow noopener noreferrer">');
  });

  it('loads no images', () => {
    expect(render('![pixel](https://tracker.example/p.png)')).not.toContain('<img');
  });
});
