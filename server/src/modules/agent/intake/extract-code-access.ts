import type { CodeAnalysis } from '@unstuck/contract';
import { technologyCatalogue } from '../technologies/catalogue.ts';
import { readTechnologies, technologiesInFileNames } from '../technologies/recognise.ts';
import type { Technology } from '../technologies/types.ts';
import { joinAnd, sentences } from './text.ts';
import type { CodeAccess } from './types.ts';

type SaidKind = Exclude<CodeAccess['kind'], 'attached'>;

/** How people say where their code is, in the order they are checked (a repository beats "no code"). */
const SIGNS: readonly (readonly [SaidKind, RegExp])[] = [
  ['repository', /\b(?:repo|repos|repository|repositories|codebase|source code is|monorepo)\b/i],
  [
    'access',
    /\b(?:give|grant|add|invite)\s+(?:you\s+|an expert\s+|the expert\s+)?(?:access|as (?:a )?(?:collaborator|editor|admin))|\bcollaborator\b|\b(?:server|admin|store|ssh|ftp|cpanel|hosting)\s+(?:login|access|admin)\b|\bthe store admin\b/i,
  ],
  [
    'files',
    /\b(?:send|share|attach|upload)\w*\s+(?:you\s+)?(?:the|my|our|a|an)\s+[\w. -]{0,20}\b(?:files?|project|workbook|spreadsheet|zip|archive|export)\b|\bthe \.\w{2,5} file\b|\.(?:xlsm|xlsx|pbix|zip|sql)\b|\b(?:zip|zipped|tarball)\b/i,
  ],
  [
    'none',
    /\b(?:nothing (?:built |written |coded )?yet|no code|not built yet|nothing built|haven'?t (?:started|built)|from scratch|no repo)\b/i,
  ],
];

const DESCRIPTIONS: Readonly<Record<SaidKind, string>> = {
  repository: 'in a repository',
  access: 'reachable with access you can give',
  files: 'in files you can send',
  none: 'nothing built yet',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that make the project the subject of "on <platform>": "it's on", "the app lives in", "built in". */
const PROJECT_IS = String.raw`\b(?:it['’]?s|is|are|lives?|living|hosted|built|made|runs?|running|sits?|stored|kept|app|project|code|site|repl)`;

/** Hosted platforms (Replit, Lovable, Bubble) that `sentence` places the project on: "it's on Replit", "built in Lovable". */
function platformsNamedAsHome(sentence: string): string[] {
  const { byName } = technologyCatalogue();
  const { stack, aiTools } = readTechnologies(sentence);
  return [...stack.map((t) => t.name), ...aiTools].filter(
    (name) =>
      byName.get(name)?.hosted === true &&
      new RegExp(
        `${PROJECT_IS}\\s+(?:all\\s+|still\\s+|currently\\s+)?(?:on|in|inside|at)\\s+(?:the\\s+|my\\s+|our\\s+)?${escape(name)}(?![\\p{L}\\p{N}])`,
        'iu',
      ).test(sentence),
  );
}

/**
 * What the person's messages (oldest first) say about the code, from the latest sentence that names a
 * repository or code host ("the repo is private on GitHub"), places the project on a hosted platform
 * ("it's on Replit"), offers access or files, or says nothing is built yet; described in the agent's
 * words ("in a private repository on GitHub"). Null when no message says.
 */
export function extractCodeAccess(messages: readonly string[]): CodeAccess | null {
  for (const message of [...messages].reverse()) {
    for (const sentence of sentences(message).reverse()) {
      const hosts = readTechnologies(sentence).codeHosts;
      const sign = SIGNS.find(([, pattern]) => pattern.test(sentence))?.[0] ?? (hosts.length > 0 ? 'repository' : null);
      const platforms = sign === 'repository' || sign === 'none' ? [] : platformsNamedAsHome(sentence);
      if (platforms.length > 0) return { kind: 'access', text: `on ${joinAnd(platforms)}` };
      if (!sign) continue;
      const where = sign === 'repository' && /\b(?:private|internal)\b/i.test(sentence) ? 'in a private repository' : DESCRIPTIONS[sign];
      return { kind: sign, text: `${where}${sign === 'repository' && hosts.length > 0 ? ` on ${joinAnd(hosts)}` : ''}` };
    }
  }
  return null;
}

/** Archives people send code in; a file the catalogue ties to a technology ("main.py", "report.pbix") counts too. */
const ARCHIVE = /\.(?:zip|tar|tgz|tar\.gz|tar\.bz2|tbz2|tar\.xz|7z|rar)$/i;

/** The main languages of an analysis as a list (the contract allows one name as a string), blanks dropped. */
export function analysedLanguages(analysis: CodeAnalysis): string[] {
  return (Array.isArray(analysis.main_languages) ? analysis.main_languages : [analysis.main_languages]).filter(Boolean);
}

/** "120 files, 15,400 lines (PHP, JavaScript)": the analysis in a few words. */
export function describeCodeAnalysis(analysis: CodeAnalysis): string {
  const count = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;
  const named = analysedLanguages(analysis);
  return `${count(analysis.file_count, 'file')}, ${count(analysis.line_count, 'line')}${named.length > 0 ? ` (${named.join(', ')})` : ''}`;
}

/**
 * Where the code is when the person attached it: the task's code analysis (of an attached archive or a
 * pushed repository) when it is there, else an attached archive or source file (`attachmentNames`),
 * whose analysis may still be running. Null when neither says anything about code.
 */
export function codeAccessFromFiles(attachmentNames: readonly string[], analysis: CodeAnalysis | null): CodeAccess | null {
  const code = attachmentNames.filter((name) => ARCHIVE.test(name) || technologiesInFileNames([name]).length > 0);
  if (analysis) {
    const where = code.length > 0 ? `in the attached ${joinAnd(code)}` : 'in the code shared with us';
    return { kind: 'attached', text: `${where}: ${describeCodeAnalysis(analysis)}` };
  }
  return code.length > 0 ? { kind: 'attached', text: `in the attached ${joinAnd(code)}` } : null;
}

/**
 * Where the project lives when the person builds on a hosted platform: an online editor that runs the
 * app (Replit), or a no-code platform (Bubble, Webflow, Zapier, Shopify) when no code of their own is
 * named (no language or framework). There is no repository to ask for then, only access to the
 * platform. Null otherwise.
 */
export function codeAccessFromPlatform(stack: readonly Technology[]): CodeAccess | null {
  const { byName } = technologyCatalogue();
  const named = stack.filter((t) => !t.implied);
  const ownCode = named.some((t) => t.kind === 'language' || t.kind === 'framework');
  const hosted = named
    .filter((t) => byName.get(t.name)?.hosted === true && (t.kind === 'platform' || (t.kind === 'no-code' && !ownCode)))
    .map((t) => t.name);
  return hosted.length > 0 ? { kind: 'access', text: `on ${joinAnd(hosted)}: the expert needs access to your account` } : null;
}
