import { LIMITS, MAX_FILES_PER_MESSAGE } from '@unstuck/contract';

/**
 * Programs and disk images: nobody needs to send us one to get help, and a download of one from our
 * links is the kind of file a browser warns about. By extension, lower case.
 */
const REFUSED_EXTENSIONS = new Set(['exe', 'msi', 'dll', 'bat', 'cmd', 'com', 'scr', 'apk', 'dmg', 'iso', 'pkg', 'app']);

/** The 10 MB a file may weigh (the server refuses more with 413). */
export const MAX_FILE_BYTES = LIMITS.attachmentBytes;

/**
 * Why a chosen file cannot be sent, as a sentence to show beside it, or null when it can: empty,
 * over 10 MB, a program, or past the files one message may carry. `position` is its place (0-based)
 * among the files chosen for the same message.
 */
export function fileProblem(file: { name: string; size: number }, position: number): string | null {
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_FILE_BYTES) return 'This file is larger than 10 MB. Please send a smaller one.';
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  if (REFUSED_EXTENSIONS.has(extension)) return `Programs (.${extension}) cannot be sent. Please send the source code or a ZIP of it.`;
  if (position >= MAX_FILES_PER_MESSAGE) return `One message can carry at most ${MAX_FILES_PER_MESSAGE} files.`;
  return null;
}
