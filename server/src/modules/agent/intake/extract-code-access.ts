import { readTechnologies } from '../technologies/recognise.ts';
import { sentences } from './text.ts';
import type { CodeAccess } from './types.ts';

/** How people say where their code is, in the order they are checked (a repository beats "no code"). */
const SIGNS: readonly (readonly [CodeAccess['kind'], RegExp])[] = [
  ['repository', /\b(?:repo|repos|repository|repositories|github|gitlab|bitbucket|azure devops|codebase|source code is)\b/i],
  [
    'access',
    /\b(?:give|grant|add)\s+(?:you\s+|an expert\s+)?(?:access|as (?:a )?collaborator)|\bcollaborator\b|\b(?:server|admin|store|ssh|ftp|cpanel|hosting)\s+(?:login|access|admin)\b|\bthe store admin\b/i,
  ],
  [
    'files',
    /\b(?:send|share|attach|upload)\s+(?:you\s+)?(?:the|my|our)\s+[\w. -]{0,20}\b(?:files?|project|workbook|spreadsheet|zip)\b|\bthe \.\w{2,5} file\b|\.(?:xlsm|xlsx|pbix|zip|sql)\b/i,
  ],
  [
    'none',
    /\b(?:nothing (?:built |written |coded )?yet|no code|not built yet|nothing built|haven'?t (?:started|built)|from scratch|no repo)\b/i,
  ],
];

const DESCRIPTIONS: Readonly<Record<CodeAccess['kind'], string>> = {
  repository: 'in a repository',
  access: 'reachable with access you can give',
  files: 'in files you can send',
  none: 'nothing built yet',
};

/**
 * What the person's messages (oldest first) say about the code, from the latest sentence that names a
 * repository or code host, offers access or files, or says nothing is built yet; described in the
 * agent's words ("in a private repository on GitHub"). Null when no message says.
 */
export function extractCodeAccess(messages: readonly string[]): CodeAccess | null {
  for (const message of [...messages].reverse()) {
    for (const sentence of sentences(message).reverse()) {
      const sign = SIGNS.find(([, pattern]) => pattern.test(sentence));
      if (!sign) continue;
      const kind = sign[0];
      const hosts = readTechnologies(sentence).codeHosts;
      const privately =
        kind === 'repository' && /\b(?:private|internal)\b/i.test(sentence) ? 'in a private repository' : DESCRIPTIONS[kind];
      return { kind, text: `${privately}${kind === 'repository' && hosts.length > 0 ? ` on ${hosts.join(', ')}` : ''}` };
    }
  }
  return null;
}
