import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding the run's PGlite image, from the global set-up. */
    pgliteImage: string;
  }
}

let image: Promise<Blob> | undefined;

/**
 * The run's image of an empty, migrated PGlite database (made by the global set-up
 * `server/test/setup/pglite-image.ts`), read once per test file, for `openDatabase({ image })`.
 */
export function pgliteImage(): Promise<Blob> {
  image ??= readFile(inject('pgliteImage')).then((bytes) => new Blob([bytes]));
  return image;
}
