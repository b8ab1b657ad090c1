import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatErrorNotice } from './chat-error-notice.tsx';

const noop = () => undefined;

describe('ChatErrorNotice', () => {
  it('offers a chat grown too long for its model a new chat from its summary, not a retry', () => {
    const start = vi.fn();
    render(
      <ChatErrorNotice
        code="CONTEXT_TOO_LONG"
        onRetry={noop}
        onUpgrade={noop}
        onSignIn={noop}
        onContinue={{ start, busy: false }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('This chat has grown too long for the model to read.');
    expect(screen.queryByTestId('chat-retry')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue in a new chat' }));
    expect(start).toHaveBeenCalledOnce();
  });

  it('says when the new chat is being made', () => {
    render(
      <ChatErrorNotice
        code="CONTEXT_TOO_LONG"
        onRetry={noop}
        onUpgrade={noop}
        onSignIn={noop}
        onContinue={{ start: noop, busy: true }}
      />,
    );
    const button = screen.getByTestId('chat-continue');
    expect(button.textContent).toContain('Starting a new chat…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
  });

  it('keeps the retry for every other failure', () => {
    render(
      <ChatErrorNotice
        code="MODEL_FAILED"
        onRetry={noop}
        onUpgrade={noop}
        onSignIn={noop}
        onContinue={{ start: noop, busy: false }}
      />,
    );
    expect(screen.getByTestId('chat-retry')).toBeTruthy();
    expect(screen.queryByTestId('chat-continue')).toBeNull();
  });
});
