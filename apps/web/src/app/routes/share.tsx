import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { SharedChatPage } from '../../features/sharing/shared-chat-page.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';

// The app's own markdown renderer (the same sanitising, http(s) links only, remote images as links),
// loaded as the chat loads it: its own chunk. Imported here directly rather than through the chat's
// lazy wrapper, which would then leave the chat's chunk for one of its own (B7: one more file named
// in the route table).
const MarkdownRenderer = lazy(() => import('../../features/chat/markdown/markdown-renderer.tsx'));

const renderMarkdown = (text: string) => (
  <Suspense fallback={<div className="whitespace-pre-wrap break-words">{text}</div>}>
    <MarkdownRenderer text={text} />
  </Suspense>
);

/** /share/<id>: a shared chat, for anyone with the link (decision 032; reached through not-found.tsx). */
export default function SharedChatRoute() {
  const shareId = decodeURIComponent(useLocation().pathname.split('/')[2] ?? '');
  return (
    <PublicLayout wide>
      <SharedChatPage shareId={shareId} renderMarkdown={renderMarkdown} />
    </PublicLayout>
  );
}
