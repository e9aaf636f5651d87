import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** How much an archive may unpack to; checked on the central directory before any entry is inflated. */
export interface ZipLimits {
  /** Most bytes all entries may unpack to together. */
  maxTotalBytes: number;
  /** Most entries (files and folders). */
  maxEntries: number;
  /** Highest uncompressed/compressed ratio of one entry (zip bombs reach thousands). */
  maxEntryRatio: number;
}

/** One file of an archive, read into memory (nothing is written to disk). */
export interface ZipFileEntry {
  /** The path inside the archive, `/`-separated, never absolute and never with `..`. */
  path: string;
  data: Buffer;
}

/**
 * Why an archive was not read: `invalid` (not a ZIP, a damaged entry) or `refused` (over the limits,
 * an unsafe path); `message` is the text shown to people. A plain error, no AppError, because this
 * module also runs in the analysis worker threads, which load no more than they need (the caller
 * turns it into `invalid_archive`/`archive_refused`, code-sharing.errors.ts).
 */
export class ArchiveProblem extends Error {
  override name = 'ArchiveProblem';
  readonly kind: 'invalid' | 'refused';
  constructor(kind: 'invalid' | 'refused', message: string) {
    super(message);
    this.kind = kind;
  }
}

const invalidArchive = (detail: string) => new ArchiveProblem('invalid', detail);
const archiveRefused = (detail: string) => new ArchiveProblem('refused', detail);

/** Entries this small are not judged by their ratio: a few bytes of header make any tiny file look inflated. */
const RATIO_FLOOR_BYTES = 64 * 1024;

/**
 * Reads every file of a ZIP archive into memory, after checking its central directory against
 * `limits`: the declared sizes, the number of entries, each entry's compression ratio and its path
 * (yauzl refuses absolute paths and `..`), and each entry's local header against it. yauzl then checks
 * while inflating that each entry unpacks to exactly what it declared, so a lying header cannot get
 * past the totals.
 * @param bytes the whole archive.
 * @param onEntry called after each entry is inflated (the worker's CPU-time guard throws from it).
 * @returns the files (folders left out), in archive order.
 * @throws ArchiveProblem `invalid` when the bytes are not a readable ZIP; `refused` naming the limit an archive breaks
 *   (too many files, too large unpacked, a suspicious compression ratio, an unsafe path).
 */
export async function readZip(bytes: Buffer, limits: ZipLimits, onEntry: () => void = () => {}): Promise<ZipFileEntry[]> {
  return withCheckedDirectory(bytes, limits, async (zip, entries) => {
    const files: ZipFileEntry[] = [];
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      files.push({ path: entry.fileName, data: await readEntry(zip, entry) });
      onEntry();
    }
    return files;
  });
}

/**
 * Checks a ZIP archive's central directory against `limits`, and its local headers, as {@link readZip}
 * does, inflating nothing: milliseconds even for the largest accepted archive, so a send can refuse a zip bomb at
 * once while the analysis itself runs later in a worker (docs/decisions/025-code-analysis-jobs.md).
 * @throws ArchiveProblem as {@link readZip}.
 */
export async function checkZipDirectory(bytes: Buffer, limits: ZipLimits): Promise<void> {
  await withCheckedDirectory(bytes, limits, async () => undefined);
}

async function withCheckedDirectory<T>(bytes: Buffer, limits: ZipLimits, use: (zip: ZipFile, entries: Entry[]) => Promise<T>): Promise<T> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }).catch(() => {
    throw invalidArchive('The archive is not a readable ZIP file');
  });
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw archiveRefused(`The archive has ${zip.entryCount} entries; at most ${limits.maxEntries} are accepted`);
    }
    const entries = await listEntries(zip);
    let total = 0;
    for (const entry of entries) {
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && entry.uncompressedSize > limits.maxEntryRatio * Math.max(entry.compressedSize, 1)) {
        throw archiveRefused(`The archive entry ${entry.fileName} is compressed suspiciously well (a zip bomb?); it was not unpacked`);
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) {
        throw archiveRefused(`The archive unpacks to more than ${formatMegabytes(limits.maxTotalBytes)}, the most accepted`);
      }
    }
    await checkLocalHeaders(zip, entries);
    return await use(zip, entries);
  } finally {
    zip.close();
  }
}

/** Reads the central directory only: the entries' names and declared sizes, nothing inflated. */
function listEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) =>
      reject(
        /path/.test(error.message)
          ? archiveRefused(`The archive has an unsafe path (${error.message}); it was not unpacked`)
          : invalidArchive(`The archive is damaged: ${error.message}`),
      ),
    );
    zip.readEntry();
  });
}

/** The general purpose flag saying the sizes follow the data (a data descriptor): the local header's are zero then. */
const DATA_DESCRIPTOR_FLAG = 0x8;
/** A local header size that says "see the ZIP64 extra field". */
const ZIP64_SIZE = 0xffffffff;

/**
 * The checks of the declared sizes that cost no inflating (docs/decisions/084-outages-and-lying-archives.md):
 * each entry's local header is readable, its data lies inside the archive (yauzl checks), its sizes
 * are the central directory's (unless it defers them to a data descriptor or ZIP64), and no two
 * entries' data overlap (an overlapping archive unpacks the same bytes many times). Whether the data
 * inflates to the declared size is known only by inflating it: {@link readEntry} checks that.
 * @throws ArchiveProblem `invalid`, "The archive is damaged: …".
 */
async function checkLocalHeaders(zip: ZipFile, entries: Entry[]): Promise<void> {
  const spans: Array<{ start: number; end: number; name: string }> = [];
  for (const entry of entries) {
    const header = await zip.readLocalFileHeaderPromise(entry).catch((error: Error) => {
      throw invalidArchive(`The archive is damaged: ${entry.fileName}: ${error.message}`);
    });
    const deferred =
      (header.generalPurposeBitFlag & DATA_DESCRIPTOR_FLAG) !== 0 ||
      header.compressedSize === ZIP64_SIZE ||
      header.uncompressedSize === ZIP64_SIZE;
    if (!deferred && (header.compressedSize !== entry.compressedSize || header.uncompressedSize !== entry.uncompressedSize)) {
      throw invalidArchive(`The archive is damaged: the sizes of ${entry.fileName} differ between its two headers`);
    }
    spans.push({ start: entry.relativeOffsetOfLocalHeader, end: header.fileDataStart + entry.compressedSize, name: entry.fileName });
  }
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i += 1) {
    if (spans[i]!.start < spans[i - 1]!.end) {
      throw invalidArchive(`The archive is damaged: ${spans[i]!.name} overlaps ${spans[i - 1]!.name}`);
    }
  }
}

/**
 * Inflates one entry; yauzl (validateEntrySizes) fails it when the data does not unpack to exactly
 * the declared size, which makes the archive damaged.
 */
async function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  try {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    throw invalidArchive(`The archive is damaged: ${entry.fileName} cannot be read (${(error as Error).message})`);
  }
}

const formatMegabytes = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
