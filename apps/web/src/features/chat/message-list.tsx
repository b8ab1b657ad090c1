import type { ThreadSummaryMarker } from '@polymath/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChatUIMessage, messageText } from './chat-transport.ts';
import { EarlierMessagesBar } from './earlier-messages-bar.tsx';
import { MessageItem, type MessageItemProps } from './message-item.tsx';
import { SummaryMarker } from './summary-marker.tsx';
import type { EarlierMessages } from './use-earlier-messages.ts';

/**
 * Longer chats are virtualised: only the messages near the visible part are in the DOM (a 2,000-message
 * chat would otherwise be tens of thousands of nodes, slow to open and to scroll). Shorter ones keep
 * every message in the DOM, so find-in-page sees them all.
 */
export const VIRTUAL_FROM = 60;
/** A first guess of a message's height; each one is measured once rendered. */
export const ESTIMATED_HEIGHT = 160;

/** What every message gets; `message`, `isLast`, `stopped` and `position` are filled in per message. */
export type SharedItemProps = Omit<MessageItemProps, 'message' | 'isLast' | 'stopped' | 'position' | 'after'>;

type Props = {
  messages: ChatUIMessage[];
  /** The scroll container the list is in (the virtualiser follows its scroll position). */
  scroller: RefObject<HTMLDivElement | null>;
  item: SharedItemProps;
  /** Answers the person stopped in this session. */
  stoppedIds: ReadonlySet<string>;
  /** The chat opened without its first messages: they load from the bar above the list. */
  earlier?: EarlierMessages | null;
  /** Where earlier messages are summarised for the model: a marker after that message. */
  summary?: ThreadSummaryMarker | null | undefined;
};

/** The marker, for the message it follows (stable, so that message's memo holds). */
function useSummaryAfter(summary: ThreadSummaryMarker | null | undefined) {
  const marker = useMemo(() => (summary ? <SummaryMarker summary={summary} /> : null), [summary]);
  return (messageId: string) => (summary && summary.throughMessageId === messageId ? marker : undefined);
}

const LIST_CLASS = 'mx-auto flex w-full min-w-0 max-w-3xl flex-col px-3 pb-4 pt-6 sm:px-4';

/**
 * The conversation's messages, oldest first. The scroll container's stick-to-bottom keeps the newest in
 * view (on open and while an answer streams): the virtual list's height grows as its messages are
 * measured, which that hook sees as content growing.
 */
export function MessageList(props: Props) {
  const { messages, item, stoppedIds, earlier, summary } = props;
  const { t } = useTranslation('chat');
  const after = useSummaryAfter(summary);
  if (messages.length > VIRTUAL_FROM) return <VirtualMessageList {...props} />;
  return (
    <>
      {earlier ? <EarlierMessagesBar earlier={earlier} /> : null}
      <div
        role="log"
        aria-live="polite"
        aria-label={t('conversation')}
        aria-busy={item.busy}
        className={`${LIST_CLASS} gap-6`}
        data-testid="chat-log"
      >
        {messages.map((message, index) => (
          <MessageItem
            key={message.id}
            {...item}
            message={message}
            isLast={index === messages.length - 1}
            stopped={stoppedIds.has(message.id)}
            after={after(message.id)}
          />
        ))}
      </div>
    </>
  );
}

/**
 * A feed (the ARIA pattern for lists that load their items as they scroll): each message says its
 * position and the total. Messages mounted while scrolling are not news, so the feed is not a live
 * region; a new answer is announced by LatestAnswer instead.
 */
function VirtualMessageList({ messages, scroller, item, stoppedIds, earlier, summary }: Props) {
  const { t } = useTranslation('chat');
  const after = useSummaryAfter(summary);
  const list = useRef<HTMLDivElement>(null);
  // Where the list starts inside the scroll container (the padding above it). Read after the first
  // render, which also makes a second one: the scroll container's ref, an ancestor's, is attached
  // after this component's first layout effect, so the virtualiser finds it only then.
  // Measured again when the bar of earlier messages above it goes.
  const [layout, setLayout] = useState({ margin: 0, mounted: false });
  const hasBar = Boolean(earlier);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bar above the list moves it
  useLayoutEffect(() => {
    setLayout({ margin: list.current?.offsetTop ?? 0, mounted: true });
  }, [hasBar]);
  const { margin } = layout;
  // Open at the end: with the scroll container known, it goes to the bottom before the virtualiser
  // (whose layout effect runs after this one) reads the scroll position, so the first messages it
  // renders are the last ones, not the first ones and then the last ones a frame later.
  useLayoutEffect(() => {
    const el = layout.mounted ? scroller.current : null;
    if (el) el.scrollTop = el.scrollHeight;
  }, [layout.mounted, scroller]);
  const count = messages.length;
  // Stable between renders (a new function would make the virtualiser measure everything again).
  const getItemKey = useCallback((index: number) => messages[index]?.id ?? index, [messages]);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_HEIGHT,
    getItemKey,
    overscan: 4,
    scrollMargin: margin,
    // A chat opens at its end: the first render already picks the last messages (for a window's
    // height, until the scroll container is measured).
    initialOffset: () => count * ESTIMATED_HEIGHT,
    initialRect: { width: 0, height: typeof window === 'undefined' ? 0 : window.innerHeight },
  });
  return (
    <>
      {earlier ? <EarlierMessagesBar earlier={earlier} /> : null}
      <div
        role="feed"
        aria-label={t('conversation')}
        aria-busy={item.busy}
        className={LIST_CLASS}
        data-testid="chat-log"
        data-virtual="true"
      >
        <div ref={list} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((row) => {
            const message = messages[row.index];
            if (!message) return null;
            return (
              <div
                key={row.key}
                ref={virtualizer.measureElement}
                data-index={row.index}
                className={`absolute left-0 top-0 w-full ${row.index < count - 1 ? 'pb-6' : ''}`}
                style={{ transform: `translateY(${row.start - margin}px)` }}
              >
                <MessageItem
                  {...item}
                  message={message}
                  isLast={row.index === count - 1}
                  stopped={stoppedIds.has(message.id)}
                  position={{ index: row.index + 1, count: earlier ? -1 : count }}
                  after={after(message.id)}
                />
              </div>
            );
          })}
        </div>
      </div>
      {/* Beside the feed, not in it: a feed holds articles only. */}
      <LatestAnswer messages={messages} busy={item.busy} />
    </>
  );
}

/** Announces an answer that finished after the chat was opened (the feed itself is not a live region). */
function LatestAnswer({ messages, busy }: { messages: ChatUIMessage[]; busy: boolean }) {
  const last = messages[messages.length - 1];
  const [openedWith] = useState(() => last?.id);
  const news = !busy && last?.role === 'assistant' && last.id !== openedWith ? messageText(last) : '';
  return (
    <p className="sr-only" role="status">
      {news}
    </p>
  );
}
