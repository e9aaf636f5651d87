import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded bytes live. Local folder by default; an S3-compatible store can implement the same. */
export interface FileStorage {
  /** Stores `data` under `key` (a name of ours, never the user's file name). */
  put(key: string, data: Buffer): Promise<void>;
  /** @returns the bytes, or null when the key is unknown. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes under `key`; an unknown key is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * A FileStorage in a local folder (`DATA_DIR/uploads`).
 * @param folder created on first write.
 */
export function createLocalStorage(folder: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(folder, key);
  };
  return {
    async put(key, data) {
      await mkdir(folder, { recursive: true });
      await writeFile(pathOf(key), data);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
