import { extractFeatures } from './extract-features.ts';
import { joinAnd, toStatement, truncate } from './text.ts';
import type { IntakeFacts, StackItem } from './types.ts';

function names(stack: readonly StackItem[], kinds: readonly StackItem['kind'][]): string[] {
  return stack.filter((s) => kinds.includes(s.kind)).map((s) => s.name);
}

function goalLine(facts: IntakeFacts): string {
  return truncate(toStatement(facts.goal?.title ?? 'the request'), 70);
}

/**
 * The scope of the work as short bullet items, by request type: the goal itself, the common features
 * named (sign-in, payments... for new apps, features and integrations) and the type's usual parts
 * (reproduce and verify for a bug, hosting and HTTPS for a deployment). Technology names come from the
 * person's stack, so the items read as this job, not a template.
 */
export function baseScope(facts: IntakeFacts): string[] {
  const stack = joinAnd(facts.stack.map((s) => s.name));
  // Only languages and frameworks have code of the person's own; hosts and tools do not.
  const code = joinAnd(names(facts.stack, ['language', 'framework']));
  const hosting = joinAnd(names(facts.stack, ['platform']));
  const data = joinAnd(names(facts.stack, ['database']));
  const services = joinAnd(names(facts.stack, ['service', 'ai']));
  const goal = goalLine(facts);
  // A feature the goal line already names ("Add Stripe payments") would only repeat it.
  const extraFeatures = facts.features.filter((f) => !extractFeatures(goal).includes(f));
  switch (facts.type) {
    case 'bug-fix':
      return [
        `Reproduce the problem: ${goal}`,
        // The goal line may already be the report; quoting it twice adds nothing.
        ...(facts.errorReport && facts.errorReport !== facts.goal?.text ? [`Reported error: ${toStatement(facts.errorReport)}`] : []),
        `Find the root cause${code ? ` in the ${code} code` : ''}`,
        'Fix it and add a test or check so it does not come back',
        `Verify the fix${hosting ? ` on ${hosting}` : ''} with you and explain the cause`,
      ];
    case 'new-feature':
      return [
        `Build the feature: ${goal}`,
        ...extraFeatures,
        `Fit it into the existing${code ? ` ${code}` : ''} code`,
        `Tests for the new behaviour and a release${hosting ? ` to ${hosting}` : ''}`,
      ];
    case 'new-app':
      return [
        `First version of the product: ${goal}`,
        ...facts.features,
        'Core screens and user flows',
        `Data storage${data ? ` with ${data}` : ''}`,
        `Deployment${hosting ? ` to ${hosting}` : ' to a suitable host'} and hand-over of the source code`,
      ];
    case 'deployment':
      return [
        `Get it running: ${goal}`,
        `Hosting set-up${hosting ? ` on ${hosting}` : ''}, environment variables and secrets`,
        'Domain and HTTPS where needed',
        'Automatic deploys from your repository and a short runbook',
      ];
    case 'integration':
      return [
        `Connect: ${goal}`,
        `Connection to ${services || 'the third-party service'}`,
        ...extraFeatures,
        'Error handling, retries and logging for the connection',
        'Testing with sandbox or test accounts before going live',
      ];
    case 'other':
      return [
        `Work on: ${goal}`,
        `Review of the current state${stack ? ` (${stack})` : ''}`,
        'Delivery of the agreed result with a short write-up',
      ];
  }
}

/**
 * The plan as numbered steps (without numbers): a kickoff that reads the brief, links and files, the
 * type's working steps, and the delivery, aimed at the person's deadline when they gave one.
 */
export function planSteps(facts: IntakeFacts): string[] {
  const material = [facts.links.length > 0 ? 'your links' : '', facts.attachments.length > 0 ? 'your files' : ''].filter(Boolean);
  const kickoff = `Kickoff: a human expert reads this brief${material.length > 0 ? ` and ${joinAnd(material)}` : ''} and gets access to what is needed.`;
  const delivery = facts.deadline
    ? `Delivery aimed at your deadline: ${toStatement(facts.deadline.text)}.`
    : 'Delivery on the schedule agreed at kickoff.';
  const middle: Record<IntakeFacts['type'], string[]> = {
    'bug-fix': ['Reproduce and diagnose the problem.', 'Fix it, test it and check it with you.'],
    'new-feature': ['Agree on the details of the feature.', 'Build and test it, then review it with you.'],
    'new-app': [
      'Agree on the screens and the data model.',
      'Build the first version in short iterations, with a demo after each one.',
      'Test, deploy and hand over.',
    ],
    deployment: ['Set up hosting and configuration.', 'Deploy, verify and document the steps.'],
    integration: [
      'Set up access and test accounts for the services.',
      'Build the connection with error handling, then test it end to end.',
    ],
    other: ['Review the current state with you.', 'Do the agreed work and check it with you.'],
  };
  return [kickoff, ...middle[facts.type], delivery];
}
