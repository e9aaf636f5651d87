import { mergeTechnologies, readTechnologies, technologiesInFileNames } from '../technologies/recognise.ts';
import { classifyRequest } from './classify-request.ts';
import { extractBudget } from './extract-budget.ts';
import { extractCodeAccess } from './extract-code-access.ts';
import { extractDeadline } from './extract-deadline.ts';
import { findErrorReport, hasErrorDetails } from './extract-error-details.ts';
import { extractFeatures } from './extract-features.ts';
import { extractLinks } from './extract-links.ts';
import { extractScale } from './extract-scale.ts';
import { extractGoal, isGoalStatement } from './goal.ts';
import { meaningfulWords, truncate } from './text.ts';
import type { IntakeFacts } from './types.ts';

/**
 * Everything the intake agent knows from what the person wrote: `messages` are their messages oldest
 * first, `attachmentNames` the names of the files they attached. Later messages win for budget,
 * deadline and code access; the stack and AI tools come from the text (technologies/recognise.ts)
 * and from attachment names ("go.mod" means Go). The type of work is read from the first message, as
 * the person framed the request; only while that is unclear do later answers decide it.
 */
export function extractFacts(messages: readonly string[], attachmentNames: readonly string[]): IntakeFacts {
  const description = messages.join('\n\n');
  const technology = readTechnologies(messages.join('\n'));
  const stack = mergeTechnologies(technology.stack, technologiesInFileNames(attachmentNames));
  const request = messages.find(isGoalStatement) ?? messages[0] ?? '';
  const first = messages[0] ?? '';
  const requestType = classifyRequest(first, readTechnologies(first).stack);
  const codeAccess = extractCodeAccess(messages);
  const type = requestType === 'unclear' ? classifyRequest(description, stack) : requestType;
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
    codeAccess:
      codeAccess ??
      (technology.codeHosts.length > 0 ? { kind: 'repository', text: `in a repository on ${technology.codeHosts.join(', ')}` } : null),
    scale: extractScale(description),
    features: extractFeatures(description),
    meaningfulWordCount: meaningfulWords(description).length,
    description,
    request,
  };
}
