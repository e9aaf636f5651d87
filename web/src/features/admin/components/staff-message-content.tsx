import { TASK_SECTION_MARKER } from '@unstuck/contract';
import { Markdown } from '../../../components/markdown.tsx';

/**
 * A message as staff read it, Markdown rendered: what the customer saw, then the agent's notes for
 * staff (what follows the task-section marker), labelled as such; the marker itself is not shown.
 */
export function StaffMessageContent({ content }: { content: string }) {
  const at = content.indexOf(TASK_SECTION_MARKER);
  const shown = at === -1 ? content : content.slice(0, at).trimEnd();
  const notes = at === -1 ? '' : content.slice(at + TASK_SECTION_MARKER.length).trim();
  return (
    <>
      {shown ? <Markdown content={shown} className="admin-message__content" /> : null}
      {notes ? (
        <section className="staff-notes" aria-label="Notes for staff">
          <p className="staff-notes__title">Notes for staff (not shown to the customer)</p>
          <Markdown content={notes} />
        </section>
      ) : null}
    </>
  );
}
