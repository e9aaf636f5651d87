import { useParams } from 'react-router';
import { StaffConversation } from '../../features/chat/components/staff-conversation.tsx';
import { ExpertTaskPage } from '../../features/expert/components/expert-task-page.tsx';

/** `/expert-queue/{taskId}`: the expert's task view, with the chat feature's conversation in it. */
export function ExpertTaskRoute() {
  const taskId = useParams().taskId ?? '';
  return <ExpertTaskPage key={taskId} taskId={taskId} renderConversation={(props) => <StaffConversation {...props} />} />;
}
