/** How much of the user's message an agent reply quotes (docs/product.md "Limits" "Reply snippet"). */
export const REPLY_SNIPPET_LENGTH = 50;

/**
 * The first 50 characters of a user message for the "Replying to:" line, whitespace collapsed,
 * with "..." when it was cut. Counts characters, not UTF-16 units, so emoji are never split.
 */
export function replySnippet(content: string, length: number = REPLY_SNIPPET_LENGTH): string {
  const characters = Array.from(content.replace(/\s+/g, ' ').trim());
  if (characters.length <= length) return characters.join('');
  return `${characters.slice(0, length).join('').trimEnd()}...`;
}
