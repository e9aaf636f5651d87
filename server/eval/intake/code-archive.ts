import { createRequire } from 'node:module';
import type { Language } from 'linguist-languages';
import { buildZip } from '../../test/support/zip.ts';
import type { CodeArchive } from './dev-set.ts';

/**
 * The extension that names `language` alone in Linguist's data: its first one, unless another language
 * claims it too (".php" is also Hack's), then its first one nobody else claims. The server's analysis
 * reads languages by extension, and the placeholder lines below cannot tell two languages apart.
 */
function extensionOf(languages: Record<string, Language>, name: string): string | undefined {
  const claims = new Map<string, number>();
  for (const language of Object.values(languages)) for (const ext of language.extensions ?? []) claims.set(ext, (claims.get(ext) ?? 0) + 1);
  const own = languages[name]?.extensions ?? [];
  return own.find((ext, index) => index === 0 && claims.get(ext) === 1) ?? own.find((ext) => claims.get(ext) === 1) ?? own[0];
}

/**
 * Writes the ZIP a case describes: `files` source files under `src/`, shared out among the languages in
 * turn, each named with an extension of the language in GitHub Linguist's data (`extensionOf`), `lines`
 * lines in all. The lines are placeholders: only their number and the files' names matter to the analysis.
 * @throws when a language is not one of Linguist's.
 */
export async function writeCodeArchive(archive: CodeArchive): Promise<Buffer> {
  const languages = createRequire(import.meta.url)('linguist-languages') as Record<string, Language>;
  const extensions = archive.languages.map((name) => {
    const extension = extensionOf(languages, name);
    if (!extension) throw new Error(`${archive.file_name}: "${name}" is not a GitHub Linguist language with an extension`);
    return extension;
  });
  const files: Record<string, string> = {};
  for (let index = 0; index < archive.files; index++) {
    // Lines shared out evenly; the first files take the remainder.
    const count = Math.floor(archive.lines / archive.files) + (index < archive.lines % archive.files ? 1 : 0);
    const lines = Array.from({ length: count }, (_, line) => `value_${line} = ${line}`);
    files[`src/module-${index + 1}${extensions[index % extensions.length] ?? ''}`] = lines.length > 0 ? `${lines.join('\n')}\n` : '';
  }
  return buildZip(files);
}
