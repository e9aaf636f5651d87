/**
 * Whether an AI model named in the text was used to write the person's code (then it is context: an
 * AI tool, not the stack) rather than being part of what the product uses (then it is stack). Rules:
 * "<AI> wrote / helped me write / generated ...", "used <AI> to write / build ...", "written / built /
 * generated with|by|using <AI>". `before` and `after` are the text right around the name.
 */
export function wroteTheCode(before: string, after: string): boolean {
  const clauseBefore = before.split(/[.!?;\n]/).pop() ?? '';
  const clauseAfter = after.split(/[.!?;\n]/)[0] ?? '';
  if (
    /^(?:'s)?\s+(?:\w+\s+)?(?:wrote|writes|generated|generates|made|built|created|coded|helped|scaffolded|produced)\b/i.test(clauseAfter)
  ) {
    return true;
  }
  if (
    /\b(?:used|use|using|asked|had|got|told|prompted)\s+$/i.test(clauseBefore) &&
    /^\s+to\s+(?:help\s+(?:me\s+|us\s+)?)?(?:write|build|make|create|code|generate|scaffold|develop|design)\b/i.test(clauseAfter)
  ) {
    return true;
  }
  return /\b(?:written|generated|made|built|created|coded|scaffolded|vibe[- ]coded|developed)\s+(?:\w+\s+){0,2}?(?:with|by|using|in|through|via)\s+(?:the\s+help\s+of\s+)?$/i.test(
    clauseBefore,
  );
}
