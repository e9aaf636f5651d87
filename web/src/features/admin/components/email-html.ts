import DOMPurify, { type Config } from 'dompurify';

/**
 * What of an email's HTML the Outbox shows: its text structure and links, nothing that runs or
 * restyles the page. The app's CSP forbids the email's inline styles anyway, so they are dropped
 * rather than refused one by one. Links only to http(s) addresses.
 */
const EMAIL_ALLOWLIST = {
  ALLOWED_TAGS: ['p', 'br', 'a', 'h1', 'h2', 'h3', 'hr', 'strong', 'em', 'ul', 'ol', 'li', 'table', 'tbody', 'tr', 'td', 'span', 'div'],
  ALLOWED_ATTR: ['href'],
  ALLOWED_URI_REGEXP: /^https?:/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
} satisfies Config;

// An instance of its own: the hooks below are not the chat's markdown renderer's.
const purifier = DOMPurify(window);
purifier.addHook('uponSanitizeElement', (node) => {
  // The inbox preview line is hidden in the email (react-email marks it): without styles it would show.
  // Emptied rather than removed, so that DOMPurify's walk over the document goes on as usual.
  if (node instanceof Element && node.hasAttribute('data-skip-in-text')) node.textContent = '';
});
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** An email's HTML (a whole document) as markup safe to insert: DOMPurify with the allowlist above. */
export function sanitizeEmailHtml(html: string): string {
  return purifier.sanitize(html, EMAIL_ALLOWLIST);
}
