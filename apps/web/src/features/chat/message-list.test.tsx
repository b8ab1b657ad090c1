import type { ThreadSummaryMarker } from '@polymath/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatUIMessage } from './chat-transport.ts';
import { ESTIMATED_HEIGHT, MessageList, VIRTUAL_FROM } from './message-list.tsx';

function chat(count: number): ChatUIMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', text: `message number ${i}` }],
  }));
}

/** jsdom lays nothing out: the scroller says it is 600 px tall, as a browser would. */
function sized(el: HTMLDivElement) {
  el.getBoundingClientRect = () => DOMRect.fromRect({ width: 800, height: 600 });
  for (const [key, value] of [
    ['clientHeight', 600],
    ['offsetHeight', 600],
    ['offsetWidth', 800],
  ] as const) {
    Object.defineProperty(el, key, { value, configurable: true });
  }
}

function List({ messages, summary }: { messages: ChatUIMessage[]; summary?: ThreadSummaryMarker }) {
  const scroller = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={(el) => {
        if (el) sized(el);
        scroller.current = el;
      }}
      style={{ height: 600, overflowY: 'auto' }}
    >
      <MessageList
        messages={messages}
        scroller={scroller}
        stoppedIds={new Set()}
        item={{ busy: false, onEdit: () => undefined, onRegenerate: () => undefined }}
        summary={summary}
      />
    </div>
  );
}

describe('MessageList', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps every message of a short chat in the DOM, as a live log', () => {
    render(<List messages={chat(20)} />);
    expect(screen.getByRole('log')).toBeTruthy();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(20);
    expect(screen.getByText('message number 0')).toBeTruthy();
  });

  it('renders a long chat from its end, a few messages at a time, each with its place in the feed', async () => {
    // Each rendered message measures as estimated (jsdom lays nothing out: everything would be 0 px).
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ESTIMATED_HEIGHT);
    render(<List messages={chat(2000)} />);
    expect(screen.getByRole('feed')).toBeTruthy();
    const rendered = await screen.findAllByTestId('chat-message');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(VIRTUAL_FROM);
    const last = rendered[rendered.length - 1];
    expect(last?.getAttribute('data-message-id')).toBe('m1999');
    expect(last?.getAttribute('aria-posinset')).toBe('2000');
    expect(last?.getAttribute('aria-setsize')).toBe('2000');
    expect(screen.queryByText('message number 0')).toBeNull();
  });

  it('marks where earlier messages are summarised, after that message, and shows what the model reads', () => {
    const summary: ThreadSummaryMarker = {
      throughMessageId: 'm9',
      text: 'The person asked about harbours; the assistant explained their history.',
      kind: 'model',
      fromThreadId: null,
    };
    render(<List messages={chat(20)} summary={summary} />);
    const marker = screen.getByTestId('summary-marker');
    expect(marker.closest('[data-message-id]')?.getAttribute('data-message-id')).toBe('m9');
    expect(marker.textContent).toContain('Earlier messages are summarised for the model');
    // Every message is still there, to scroll to and search.
    expect(screen.getAllByTestId('chat-message')).toHaveLength(20);
    expect(screen.getByText('message number 0')).toBeTruthy();
    const details = marker.querySelector('details');
    expect(details?.open).toBe(false);
    fireEvent.click(screen.getByText('Show what the model reads'));
    expect(details?.open).toBe(true);
    expect(screen.getByText(summary.text)).toBeTruthy();
  });

  it('says an extract is an extract, and shows no marker in a chat without a summary', () => {
    const { unmount } = render(
      <List
        messages={chat(6)}
        summary={{ throughMessageId: 'm3', text: 'lines', kind: 'extract', fromThreadId: null }}
      />,
    );
    expect(screen.getByTestId('summary-marker').textContent).toContain('Earlier messages are shortened for the model');
    unmount();
    render(<List messages={chat(6)} />);
    expect(screen.queryByTestId('summary-marker')).toBeNull();
  });
});
