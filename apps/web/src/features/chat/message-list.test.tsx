import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatUIMessage } from './chat-request.ts';
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

function List({ messages }: { messages: ChatUIMessage[] }) {
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
});
