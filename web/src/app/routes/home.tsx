import { ChatPage } from '../../features/chat/components/chat-page.tsx';

export default function HomeRoute() {
  return <ChatPage />;
}
