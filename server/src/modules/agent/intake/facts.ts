import type { CodeAnalysis } from '@unstuck/contract';
import { technologyCatalogue } from '../technologies/catalogue.ts';
import { mergeTechnologies, readTechnologies, technologiesInFileNames } from '../technologies/recognise.ts';
import type { Technology } from '../technologies/types.ts';
import { classifyRequest } from './classify-request.ts';
import { extractBudget } from './extract-budget.ts';
import { analysedLanguages, codeAccessFromFiles, codeAccessFromPlatform, extractCodeAccess } from './extract-code-access.ts';
import { extractDeadline } from './extract-deadline.ts';
import { findErrorReport, hasErrorDetails } from './extract-error-details.ts';
import { extractFeatures } from './extract-features.ts';
import { extractLinks } from './extract-links.ts';
import { extractScale } from './extract-scale.ts';
import { extractGoal, isGoalStatement } from './goal.ts';
import { meaningfulWords, truncate } from './text.ts';
import type { CodeAccess, IntakeFacts } from './types.ts';

/** The main languages of a code analysis as technologies of the catalogue, marked implied (the code shows them). */
function languagesOf(analysis: CodeAnalysis | null): Technology[] {
  if (!analysis) return [];
  const { byName } = technologyCatalogue();
  return analysedLanguages(analysis).flatMap((name) => {
    const entry = byName.get(name);
    return entry ? [{ name: entry.name, kind: entry.kind, implied: true }] : [];
  });
}

/**
 * Where the code is, from the best evidence: what the person said (the latest), unless that was
 * "nothing built yet" while they attached code; then the attached code and its analysis; then, for
 * work on something that exists, the hosted platform it is built on (Bubble, Replit).
 */
function codeAccessOf(said: CodeAccess | null, attached: CodeAccess | null, platform: CodeAccess | null): CodeAccess | null {
  if (said && said.kind !== 'none') return said;
  return attached ?? said ?? platform;
}

/**
 * Everything the intake agent knows from what the person wrote: `messages` are their messages oldest
 * first, `attachmentNames` the names of the files they attached, `codeAnalysis` the task's analysis of
 * their code (null while none was made or it still runs). Later messages win for budget, deadline and
 * code access; the stack and AI tools come from the text (technologies/recognise.ts), from attachment
 * names ("go.mod" means Go) and from the analysis' languages. The type of work is read from the first
 * message, as the person framed the request; only while that is unclear do later answers decide it.
 */
export function extractFacts(
  messages: readonly string[],
  attachmentNames: readonly string[],
  codeAnalysis: CodeAnalysis | null = null,
): IntakeFacts {
  const description = messages.join('\n\n');
  const technology = readTechnologies(messages.join('\n'));
  const stack = mergeTechnologies(technology.stack, technologiesInFileNames(attachmentNames), languagesOf(codeAnalysis));
  const request = messages.find(isGoalStatement) ?? messages[0] ?? '';
  const first = messages[0] ?? '';
  const requestType = classifyRequest(first, readTechnologies(first).stack);
  const type = requestType === 'unclear' ? classifyRequest(description, stack) : requestType;
  const codeAccess = codeAccessOf(
    extractCodeAccess(messages),
    codeAccessFromFiles(attachmentNames, codeAnalysis),
    type === 'new_build' ? null : codeAccessFromPlatform(stack),
  );
  return {
    // A request the agent can classify states a goal even in words the goal rule does not know.
    goal: extractGoal(messages) ?? (type !== 'unclear' && request ? { text: truncate(request.replace(/\s+/g, ' ').trim(), 300) } : null),
    type,
    stack,
    aiTools: technology.aiTools,
    deadline: extractDeadline(messages),
    budget: extractBudget(messages),
    links: extractLinks(messages),
    attachments: [...new Set(attachmentNames)],
    hasErrorDetails: hasErrorDetails(description, attachmentNames),
    errorReport: findErrorReport(messages),
    codeAccess,
    codeAnalysis,
    scale: extractScale(description),
    features: extractFeatures(description),
    meaningfulWordCount: meaningfulWords(description).length,
    description,
    request,
  };
}
