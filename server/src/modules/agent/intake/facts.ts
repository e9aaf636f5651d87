import { classifyRequest } from './classify-request.ts';
import { extractBudget } from './extract-budget.ts';
import { extractDeadline } from './extract-deadline.ts';
import { findErrorReport, hasErrorDetails } from './extract-error-details.ts';
import { extractFeatures } from './extract-features.ts';
import { extractLinks } from './extract-links.ts';
import { findStackInFileNames, findStackInText, mergeStack } from './extract-stack.ts';
import { extractGoal } from './goal.ts';
import { meaningfulWords } from './text.ts';
import type { IntakeFacts } from './types.ts';

/**
 * Everything the intake agent knows from what the person wrote: `messages` are their messages oldest
 * first, `attachmentNames` the names of the files they attached. Later messages win for budget and
 * deadline; the stack comes from the text and from attachment names ("go.mod" means Go).
 */
export function extractFacts(messages: readonly string[], attachmentNames: readonly string[]): IntakeFacts {
  const description = messages.join('\n\n');
  const stack = mergeStack(findStackInText(messages.join('\n')), findStackInFileNames(attachmentNames));
  return {
    goal: extractGoal(messages),
    type: classifyRequest(description, stack),
    stack,
    deadline: extractDeadline(messages),
    budget: extractBudget(messages),
    links: extractLinks(messages),
    attachments: [...new Set(attachmentNames)],
    hasErrorDetails: hasErrorDetails(description, attachmentNames),
    errorReport: findErrorReport(messages),
    features: extractFeatures(description),
    meaningfulWordCount: meaningfulWords(description).length,
    description,
  };
}
