import type { RequestType } from '@unstuck/contract';
import type { TechKind } from '../technologies/types.ts';
import { extractFeatures } from './extract-features.ts';
import { joinAnd, toStatement } from './text.ts';
import { objectPhrase, the, titleFor } from './title.ts';
import type { IntakeFacts } from './types.ts';

function names(facts: IntakeFacts, kinds: readonly TechKind[]): string {
  return joinAnd(facts.stack.filter((t) => kinds.includes(t.kind)).map((t) => t.name));
}

/** The counts the person gave, as "80 components, 40,000 users". */
function countsLine(facts: IntakeFacts): string {
  return facts.scale.map((s) => `${s.count.toLocaleString('en-US')} ${s.unit}${s.count === 1 ? '' : 's'}`).join(', ');
}

/**
 * The scope of the work as short bullet items in the agent's own words, by request type: the job
 * itself (the title), the type's usual parts with the person's technologies, object and counts, and
 * for new builds, features and integrations the common features named (sign-in, payments...). A
 * bug's reported error is quoted as the person wrote it, marked as theirs.
 */
export function baseScope(facts: IntakeFacts): string[] {
  const object = the(objectPhrase(facts));
  const code = names(facts, ['language', 'framework']);
  const hosting = names(facts, ['platform']);
  const data = names(facts, ['database']);
  const services = names(facts, ['service', 'no-code', 'ai-model']);
  const counts = countsLine(facts);
  const title = titleFor(facts);
  const extraFeatures = facts.features.filter((f) => !extractFeatures(title).includes(f));
  const parts: Record<RequestType, string[]> = {
    bug_fix: [
      `Reproduce the problem in ${object}`,
      ...(facts.errorReport ? [`Reported error: “${toStatement(facts.errorReport)}”`] : []),
      `Find the root cause${code ? ` in the ${code} code` : ''}`,
      'Fix it and add a test or check so it does not come back',
      `Verify the fix${hosting ? ` on ${hosting}` : ''} with you and explain the cause`,
    ],
    performance: [
      `Measure where the time goes in ${object}`,
      'Fix the biggest bottlenecks first, one change at a time',
      'Compare before and after with the same measurements',
    ],
    upgrade_migration: [
      `Inventory of ${object}${counts ? ` (${counts})` : ''} and what does not carry over`,
      'Upgrade or migrate step by step, keeping the project working between steps',
      'Replace or update dependencies that do not support the target',
      'Run the tests and check the main flows with you',
    ],
    security_review: [
      `Review of ${object}${counts ? ` (${counts})` : ''} for security problems`,
      'A written report of each finding with its severity and how to fix it',
      'Fixes for the serious findings',
    ],
    infrastructure: [
      `Infrastructure as code for ${hosting || object}`,
      'Separate environments, secrets and access set up safely',
      'A pipeline that applies changes, and a short runbook',
    ],
    testing: [
      `A test plan for ${object}: the flows and modules that matter most`,
      `Unit and integration tests${code ? ` for the ${code} code` : ''}`,
      'Tests run on every change, with a coverage report',
    ],
    automation: [
      `The automated job: ${object}${counts ? ` (${counts})` : ''}`,
      `Writing the results${data ? ` to ${data}` : ''} with checks that catch bad data`,
      'Scheduling, logging and alerts when a run fails',
    ],
    integration: [
      `Connection between ${services || object}${counts ? ` (${counts})` : ''}`,
      ...extraFeatures,
      'Error handling, retries and logging for the connection',
      'Testing with sandbox or test accounts before going live',
    ],
    feature: [
      `The feature in ${object}`,
      ...extraFeatures,
      `Fit it into the existing${code ? ` ${code}` : ''} code`,
      `Tests for the new behaviour and a release${hosting ? ` to ${hosting}` : ''}`,
    ],
    new_build: [
      `First version of ${object}${counts ? ` (${counts})` : ''}`,
      ...facts.features,
      'Core screens and user flows',
      `Data storage${data ? ` with ${data}` : ''}`,
      `Deployment${hosting ? ` to ${hosting}` : ' to a suitable host'} and hand-over of the source code`,
    ],
    unclear: [
      'A call with a human expert to understand what you need',
      'A first diagnosis of the situation, and a proposal for the actual work',
    ],
  };
  return [title, ...parts[facts.type]].filter((item, i, all) => all.indexOf(item) === i);
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
  const middle: Record<RequestType, string[]> = {
    bug_fix: ['Reproduce and diagnose the problem.', 'Fix it, test it and check it with you.'],
    performance: ['Measure and find the bottlenecks.', 'Fix them and measure again.'],
    upgrade_migration: ['Take stock and agree on the order of the steps.', 'Upgrade or migrate step by step, testing after each one.'],
    security_review: ['Review the code and setup.', 'Report the findings and fix the serious ones.'],
    infrastructure: ['Describe the infrastructure as code.', 'Create the environments, then hand over the pipeline.'],
    testing: ['Agree on what to cover first.', 'Write the tests and run them on every change.'],
    automation: ['Agree on sources, schedule and checks.', 'Build the job, run it on real data and set up alerts.'],
    integration: [
      'Set up access and test accounts for the services.',
      'Build the connection with error handling, then test it end to end.',
    ],
    feature: ['Agree on the details of the feature.', 'Build and test it, then review it with you.'],
    new_build: [
      'Agree on the screens and the data model.',
      'Build the first version in short iterations, with a demo after each one.',
      'Test, deploy and hand over.',
    ],
    unclear: ['A short call to understand the situation.', 'A concrete proposal for the work that is needed.'],
  };
  return [kickoff, ...middle[facts.type], delivery];
}
