import { describe, expect, it } from 'vitest';
import { writeCodeArchive } from '../../eval/intake/code-archive.ts';
import { analyseZip } from '../../src/modules/code-sharing/code-analysis.ts';

const LIMITS = { maxTotalBytes: 50 * 1024 * 1024, maxEntries: 5_000, maxEntryRatio: 200 };

describe("the evaluation's code archives", () => {
  it('writes a ZIP the server analyses as the case describes it', async () => {
    const zip = await writeCodeArchive({ file_name: 'shop.zip', files: 30, lines: 3_001, languages: ['PHP', 'JavaScript', 'CSS'] });
    const analysis = await analyseZip(zip, LIMITS);
    expect(analysis.file_count).toBe(30);
    expect(analysis.line_count).toBe(3_001);
    expect(analysis.main_languages).toEqual(['PHP', 'JavaScript', 'CSS']);
  });

  it('refuses a language GitHub Linguist does not know', async () => {
    await expect(writeCodeArchive({ file_name: 'x.zip', files: 1, lines: 1, languages: ['Klingon'] })).rejects.toThrow(/Klingon/);
  });
});
