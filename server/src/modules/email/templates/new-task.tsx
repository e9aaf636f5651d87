import { Text } from '@react-email/text';
import { EmailLayout, quoteStyle, textStyle, type EmailContent, type EmailContext } from './layout.tsx';

/**
 * To experts when a customer accepts a proposal: the task's title, stack and scope, the expert's
 * skills that fit it (or that it goes to every expert when nobody's do), and the link to the queue.
 */
export function newTaskEmail(
  context: EmailContext,
  data: { expertName: string; taskTitle: string; stack: readonly string[]; scope: string | null; matchedSkills: readonly string[] },
): EmailContent {
  const matched = data.matchedSkills.length > 0;
  return {
    subject: `${matched ? 'New task for your skills' : 'New task'}: ${data.taskTitle}`,
    body: (
      <EmailLayout
        context={context}
        preview={matched ? `It needs ${data.matchedSkills.join(', ')}.` : 'A new task waits in the expert queue.'}
        heading={`New task: ${data.taskTitle}`}
        action={{ label: 'Open the expert queue', href: `${context.origin}/expert-queue` }}
        reason="You get this email because you are an expert on the team."
      >
        <Text style={textStyle}>{`Hello ${data.expertName},`}</Text>
        <Text style={textStyle}>
          {`A customer accepted a proposal. ${
            matched
              ? `It fits your skills: ${data.matchedSkills.join(', ')}.`
              : "No expert's skills match its stack, so every expert hears of it."
          }`}
        </Text>
        {data.stack.length > 0 ? <Text style={textStyle}>{`Stack: ${data.stack.join(', ')}`}</Text> : null}
        {data.scope ? <Text style={quoteStyle}>{data.scope}</Text> : null}
        <Text style={textStyle}>The first expert to take it in the queue works on it.</Text>
      </EmailLayout>
    ),
  };
}
