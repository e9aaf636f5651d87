import { sentences, truncate } from './text.ts';

/**
 * Signs that a bug report says what exactly happens: code or quoted output, a named error type
 * ("TypeError", "ECONNREFUSED"), "Error: ..." text, logs or a stack trace, or a "when I ..., I get ..."
 * description. A bare status code ("returns 500") is not enough: the expert needs the message behind it.
 */
const DETAIL_PATTERNS: readonly RegExp[] = [
  /```|`[^`\n]+`/,
  /\b\w+(?:Error|Exception)\b/,
  /\b[A-Z][a-z]+[A-Z]\w*\s+(?:error|exception)\b/,
  /\b(?:error|exception)\s*:\s*\S/i,
  /\bE[A-Z]{3,}\b/,
  /\b(?:traceback|stack ?trace|logs? (?:say|show)s?|console (?:says|shows))\b/i,
  /\b(?:says|shows|displays|prints|throws|reads)\s*["“'`:]/i,
  /["“][^"”\n]{8,}["”]/,
  /(?<![\p{L}])['‘][^'’\n]{8,}['’](?![\p{L}])/u,
  /\bwhen (?:i|we|users?|you|customers?)\b[^.!?\n]{3,}\b(?:nothing happens|it (?:shows|says|crashes|freezes|hangs|redirects|returns|loads)|(?:i|we|they) (?:get|see))\b/i,
  // "When a customer clicks Pay twice, two charges are created": what happens, step and outcome.
  /\bwhen\b[^.!?\n]{3,80}?,\s*[^.!?\n]{0,40}?\b(?:is|are|gets?|got|was|were)\s+(?:\w+\s+)?(?:created|charged|sent|shown|deleted|duplicated|lost|empty|blank|missing|wrong|stuck|logged out|ignored|skipped)\b/i,
];

/** Attachments that usually carry the error: logs, text dumps and screenshots. */
const DETAIL_FILE = /\.(?:log|txt|png|jpe?g|gif|webp|har)$/i;

/**
 * Whether the person has described the exact error or the observed behaviour of a bug, in their text
 * (patterns above) or by attaching a log or screenshot.
 */
export function hasErrorDetails(text: string, attachmentNames: readonly string[]): boolean {
  return DETAIL_PATTERNS.some((p) => p.test(text)) || attachmentNames.some((n) => DETAIL_FILE.test(n));
}

/**
 * The person's own report of the error, for the expert and the scope: in the first message that has
 * one (detail patterns above), the quoted error text when there is one ("'wall clock time limit
 * reached'"), else the first sentence with the detail, whitespace folded, at most 160 characters;
 * null when no message has one.
 */
export function findErrorReport(messages: readonly string[]): string | null {
  const report = messages.find((message) => DETAIL_PATTERNS.some((p) => p.test(message)));
  if (!report) return null;
  const quoted = /(?<![\p{L}])['"“‘`]([^'"”’`\n]{8,160})['"”’`](?![\p{L}])/u.exec(report)?.[1];
  const sentence = sentences(report).find((s) => DETAIL_PATTERNS.some((p) => p.test(s))) ?? report;
  return truncate((quoted ?? sentence).replace(/\s+/g, ' ').trim(), 160);
}
