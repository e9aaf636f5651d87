// Plain functions, no zod: the chat's first view reads messages with them
// (docs/decisions/056-types-not-schemas-in-the-first-view.md).

/** Characters of a text file inlined into a message; the whole file stays attached. */
export const INLINED_TEXT_CHARS = 20_000;

/**
 * A text file as it is inlined into a message, between "File" markers. Longer texts are cut at
 * {@link INLINED_TEXT_CHARS} with a note; the attachment keeps the whole file.
 * @param text the file's text, or at least its first INLINED_TEXT_CHARS characters.
 * @param length the whole text's length (UTF-16 units), when `text` is only its start.
 */
export function inlineTextFile(fileName: string, text: string, length = text.length): string {
  const cut = length > INLINED_TEXT_CHARS;
  const body = cut ? `${text.slice(0, INLINED_TEXT_CHARS)}\n… (${length - INLINED_TEXT_CHARS} more characters in the attached file)` : text;
  return `--- File: ${fileName} ---\n${body.replace(/\s+$/, '')}\n--- End of File: ${fileName} ---`;
}

const INLINED_FILE = /(?:^|\n\n)--- File: (.+) ---\n[\s\S]*?\n--- End of File: \1 ---(?=\n\n|$)/g;

/**
 * A person's message as they wrote it: the text files {@link inlineTextFile} added for the agent
 * are taken out (the message's attachments show them as files). Only blocks naming one of
 * `fileNames` go, so text the person typed that looks like one stays.
 */
export function withoutInlinedFiles(content: string, fileNames: readonly string[]): string {
  if (fileNames.length === 0) return content;
  return content.replace(INLINED_FILE, (block, name: string) => (fileNames.includes(name) ? '' : block)).trim();
}
