import DOMPurify, { type Config } from 'dompurify';
import { isPublicHost } from '@unstuck/contract';
import { Marked, Renderer, type Tokens } from 'marked';

/**
 * Raw HTML in Markdown (a `<style>` or `<form>` typed by a person and quoted by an agent) renders as
 * the characters written, through marked's own escaping text renderer: no HTML passes from Markdown.
 */
const renderer = new Renderer();
renderer.html = function (this: Renderer, token: Tokens.HTML | Tokens.Tag) {
  return this.text({ type: 'text', raw: token.raw, text: token.text, escaped: false });
};
/**
 * Only real hosts become links (docs/product.md "agent-1"): `http://localhost:3000` or a private address
 * in a message is the writer's own machine, shown as the text written.
 */
renderer.link = function (this: Renderer, token: Tokens.Link) {
  if (/^https?:/i.test(token.href) && !isPublicHost(token.href)) return this.parser.parseInline(token.tokens);
  // `this` is the renderer marked parses with (it carries the parser), not the one made above.
  return Renderer.prototype.link.call(this, token) as string;
};
const markdown = new Marked({ async: false, gfm: true, breaks: true, renderer });

/**
 * What may reach the page: the elements marked makes from Markdown, nothing else.
 * No style, class or id (a style sheet or a class could restyle the page around the message), no
 * forms or inputs, no images (no tracking pixels; attachments are shown by the app itself). Links
 * only to http(s), mailto, this site's own paths and anchors.
 */
const ALLOWLIST = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'em',
    'strong',
    'del',
    'code',
    'pre',
    'blockquote',
    'hr',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  ALLOWED_ATTR: ['href', 'title', 'start', 'align'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?!\/)|#)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config;

// Links open in a new tab and cannot reach back into this page (window.opener, Referer).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/**
 * Markdown to HTML that is safe to insert: marked renders with raw HTML escaped, then DOMPurify keeps
 * only the ALLOWLIST's elements, attributes and link schemes (configuration, not our own sanitizer).
 * The one renderer of agent, expert and person text in the chat, admin, expert and share pages.
 */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(markdown.parse(text, { async: false }), ALLOWLIST);
}
