import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { EmailLayout, textStyle, type EmailContent, type EmailContext } from '../../email/templates/layout.tsx';
import { MarkdownList } from '../../email/templates/text-blocks.tsx';

/** One new task in an expert's digest, as the expert needs it to decide whether to take it. */
export interface NewTaskItem {
  title: string;
  stack: readonly string[];
  /** agent-1's agreed scope (a short markdown list), or null. */
  scope: string | null;
  /** The accepted proposal's estimate, e.g. "$800 – $1,200 (8–12 hours)", or null when it gave none. */
  priceRange: string | null;
  /** The customer's budget and deadline in their own words, or null when they gave none. */
  budget: string | null;
  deadline: string | null;
  /** The expert's skills that fit its stack; empty when nobody's do and every expert hears of it. */
  matchedSkills: readonly string[];
}

const fact = (label: string, value: string | null) => (value ? `${label}: ${value}` : null);

/** One task of the digest: its title, what it fits, price, budget, deadline, stack and scope. */
function TaskSection(props: { task: NewTaskItem }) {
  const { task } = props;
  const facts = [
    fact('Estimated price', task.priceRange),
    fact('Budget', task.budget),
    fact('Deadline', task.deadline),
    task.stack.length > 0 ? fact('Stack', task.stack.join(', ')) : null,
  ].filter((line): line is string => line !== null);
  return (
    <Section style={{ borderTop: '1px solid #e3e4ea', margin: '16px 0 0', paddingTop: '8px' }}>
      <Text style={{ ...textStyle, fontSize: '17px', fontWeight: 700, margin: '8px 0' }}>{task.title}</Text>
      <Text style={{ ...textStyle, margin: '4px 0' }}>
        {task.matchedSkills.length > 0
          ? `It fits your skills: ${task.matchedSkills.join(', ')}.`
          : "No expert's skills match its stack, so every expert hears of it."}
      </Text>
      {facts.length > 0 ? (
        <ul style={{ ...textStyle, margin: '8px 0', paddingLeft: '22px' }}>
          {facts.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {task.scope ? (
        <>
          <Text style={{ ...textStyle, fontWeight: 600, margin: '8px 0 0' }}>Scope</Text>
          <MarkdownList text={task.scope} />
        </>
      ) : null}
    </Section>
  );
}

/**
 * To an expert: the tasks customers accepted in the last window (EMAIL_NEW_TASKS_DIGEST_SECONDS) that
 * fit their skills, or that no expert's skills fit, still waiting in the queue; one digest per expert
 * and window (docs/decisions/086-email-digests.md). `more` counts the tasks left out of the list.
 */
export function newTaskEmail(
  context: EmailContext,
  data: { expertName: string; tasks: readonly NewTaskItem[]; more: number },
): EmailContent {
  const [first] = data.tasks;
  const count = data.tasks.length + data.more;
  const matched = data.tasks.some((task) => task.matchedSkills.length > 0);
  const subject =
    count === 1 && first
      ? `${matched ? 'New task for your skills' : 'New task'}: ${first.title}`
      : `${count} new tasks${matched ? ' for your skills' : ''}`;
  return {
    subject,
    body: (
      <EmailLayout
        context={context}
        preview={data.tasks.map((task) => task.title).join(' · ')}
        heading={count === 1 && first ? `New task: ${first.title}` : `${count} new tasks`}
        action={{ label: 'Open the expert queue', href: `${context.origin}/expert-queue` }}
        reason="You get this email because you are an expert on the team."
      >
        <Text style={textStyle}>{`Hello ${data.expertName},`}</Text>
        <Text style={textStyle}>
          {count === 1
            ? 'A customer accepted a proposal. The first expert to take it in the queue works on it.'
            : 'Customers accepted these proposals. The first expert to take a task in the queue works on it.'}
        </Text>
        {data.tasks.map((task, i) => (
          <TaskSection key={i} task={task} />
        ))}
        {data.more > 0 ? <Text style={textStyle}>{`…and ${data.more} more waiting in the expert queue.`}</Text> : null}
      </EmailLayout>
    ),
  };
}
