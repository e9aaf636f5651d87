/**
 * Whether an AI model (or a platform with a coding agent, such as Replit) named in the text worked on
 * the person's code (then it is context: an AI tool, not the stack) rather than being part of what
 * the product uses (then it is stack). Rules: "<AI> wrote / helped me write / generated / fixed /
 * keeps breaking / couldn't fix ...", "used <AI> to write / build / fix ...", "asked / tried <AI>",
 * "written / built / generated with|by|using <AI>". `before` and `after` are the text right around the name.
 */
export function wroteTheCode(before: string, after: string): boolean {
  const clauseBefore = before.split(/[.!?;\n]/).pop() ?? '';
  const clauseAfter = after.split(/[.!?;\n]/)[0] ?? '';
  if (
    /^(?:'s)?\s+(?:\w+\s+)?(?:wrote|writes|generated|generates|made|built|created|coded|helped|scaffolded|produced|fixed|rewrote|refactored|suggested)\b/i.test(
      clauseAfter,
    ) ||
    // What an assistant failed at or keeps doing to the code: "ChatGPT couldn't fix it", "Claude keeps breaking my policies".
    /^\s+(?:(?:could|can|did)(?:n['’]?t| not)|cannot|failed to|was unable to)\s+(?:\w+\s+)?(?:fix|solve|figure|debug|help|get|make|find)\b/i.test(
      clauseAfter,
    ) ||
    /^\s+(?:keeps?|kept)\s+(?:breaking|changing|rewriting|deleting|removing|adding|messing|undoing|getting it wrong)\b/i.test(clauseAfter)
  ) {
    return true;
  }
  if (/\b(?:asked|prompted|told|tried(?: using| with)?|with the help of|help from)\s+$/i.test(clauseBefore)) return true;
  if (
    /\b(?:used|use|using|had|got)\s+$/i.test(clauseBefore) &&
    /^\s+to\s+(?:help\s+(?:me\s+|us\s+)?)?(?:write|build|make|create|code|generate|scaffold|develop|design|fix|debug)\b/i.test(clauseAfter)
  ) {
    return true;
  }
  return /\b(?:written|generated|made|built|created|coded|scaffolded|vibe[- ]coded|developed)\s+(?:\w+\s+){0,2}?(?:with|by|using|in|through|via)\s+(?:the\s+help\s+of\s+)?$/i.test(
    clauseBefore,
  );
}
