import yazl from 'yazl';

/**
 * Builds a real ZIP archive in memory (yazl, the writer beside our reader yauzl).
 * @param files path → content; every entry is deflated.
 */
export function buildZip(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * A small project of known shape: 6 files, 23 lines, TypeScript then Python (the vendored
 * JavaScript and the docs do not count as languages, as on GitHub).
 */
export const SMALL_PROJECT: Record<string, string | Buffer> = {
  'src/index.ts': [
    "import { greet } from './util';",
    '',
    'interface Options {',
    '  name: string;',
    '  loud: boolean;',
    '}',
    '',
    'export function main(options: Options): string {',
    '  return options.loud ? greet(options.name).toUpperCase() : greet(options.name);',
    '}',
    '',
  ].join('\n'),
  'src/util.ts': [
    'export function greet(name: string): string {',
    '  const greeting = `Hello, ${name}`;',
    '  return greeting;',
    '}',
    '',
  ].join('\n'),
  // No newline after the last line: it still counts.
  'tools/report.py': ['def report(rows):', '    for row in rows:', '        print(row)', '    return len(rows)'].join('\n'),
  'README.md': ['# Greeter', '', 'Says hello.', ''].join('\n'),
  'logo.png': Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  ]),
  'node_modules/left-pad/index.js': [
    'module.exports = (s, n) => String(s).padStart(n);',
    'module.exports.default = module.exports;',
    '',
  ].join('\n'),
};

/** The analysis {@link SMALL_PROJECT} must get. */
export const SMALL_PROJECT_ANALYSIS = { file_count: 6, line_count: 23, main_languages: ['TypeScript', 'Python'] };
