import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it } from 'vitest';
import { chatSlice, draftChanged } from './chat-slice.ts';
import { createCrossTabSync } from './cross-tab-sync.ts';
import { dialogsSlice, upgradeToProDialogSet } from './dialogs-slice.ts';

function makeTab() {
  const sync = createCrossTabSync();
  const store = configureStore({
    reducer: { chat: chatSlice.reducer, dialogs: dialogsSlice.reducer },
    middleware: (d) => d().concat(sync.middleware),
  });
  const stop = sync.listen(store.dispatch);
  return { store, stop };
}

const tabs: { stop: () => void }[] = [];
afterEach(() => {
  for (const t of tabs.splice(0)) t.stop();
});

const settle = () => new Promise((r) => setTimeout(r, 30));

describe('cross-tab sync', () => {
  it('replays chat actions in the other tab, once', async () => {
    const a = makeTab();
    const b = makeTab();
    tabs.push(a, b);
    a.store.dispatch(draftChanged({ key: 'web-main', text: 'hello' }));
    await settle();
    expect(b.store.getState().chat.drafts['web-main']).toBe('hello');
    // b must not echo it back and loop: a typed once, a still has exactly that text.
    b.store.dispatch(draftChanged({ key: 'web-main', text: 'hello again' }));
    await settle();
    expect(a.store.getState().chat.drafts['web-main']).toBe('hello again');
  });

  it('keeps dialog state local to its tab', async () => {
    const a = makeTab();
    const b = makeTab();
    tabs.push(a, b);
    a.store.dispatch(upgradeToProDialogSet(true));
    await settle();
    expect(a.store.getState().dialogs.showUpgradeToProDialog).toBe(true);
    expect(b.store.getState().dialogs.showUpgradeToProDialog).toBe(false);
  });
});
