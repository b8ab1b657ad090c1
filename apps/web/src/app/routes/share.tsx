import { useParams } from 'react-router';
import { Markdown } from '../../features/chat/markdown/lazy-markdown.tsx';
import { SharedChatPage } from '../../features/sharing/shared-chat-page.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

/** The answers' markdown as the app renders it: the same renderer, so the same sanitising. */
const renderMarkdown = (text: string) => <Markdown text={text} />;

/** /share/:shareId: a shared chat, for anyone with the link (decision 032). */
export function Component() {
  const { shareId = '' } = useParams();
  return (
    <PublicLayout wide>
      <SharedChatPage shareId={shareId} renderMarkdown={renderMarkdown} />
    </PublicLayout>
  );
}
