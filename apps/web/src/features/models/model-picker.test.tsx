import type { ModelsResponse, Profile, PublicModel } from '@polymath/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-server.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TEST_PROFILE } from '../../test/test-store.ts';
import { ModelPicker } from './model-picker.tsx';

/** The offline demo model, as the catalogue answers it with no provider configured: it shows a Demo badge. */
const DEMO: PublicModel = {
  id: 'gpt-4o-mini',
  provider: 'openai',
  providerLabel: 'OpenAI',
  displayName: 'GPT-4o mini',
  description: 'Fast',
  examples: [],
  capabilities: { vision: true, reasoning: false },
  tier: 'free',
  available: true,
  demo: true,
};

/** The text a sighted person reads on the element: without visually hidden and aria-hidden parts. */
function visibleText(element: Element): string {
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += ` ${node.textContent ?? ''}`;
    else if (node instanceof Element && !node.classList.contains('sr-only') && !node.hasAttribute('hidden')) {
      if (node.getAttribute('aria-hidden') !== 'true') text += ` ${visibleText(node)}`;
    }
  }
  return text;
}

/** Words as axe compares them (label-content-name-mismatch): lower case, letters and digits only. */
function words(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The element's accessible name, as Testing Library's role queries compute it. */
function accessibleName(element: HTMLElement): string {
  let found = '';
  screen.getByRole('button', {
    name: (name, candidate) => {
      if (candidate === element) found = name;
      return candidate === element;
    },
  });
  return found;
}

/** WCAG 2.5.3 (label in name): the accessible name holds the visible text, words in order. */
function expectLabelInName(element: HTMLElement): void {
  const visible = words(visibleText(element));
  expect(visible).not.toBe('');
  expect(` ${words(accessibleName(element))} `).toContain(` ${visible} `);
}

describe('the model picker', () => {
  for (const locale of ['en', 'tr'] as const) {
    it(`is named by what it shows, the Demo badge included, before and after its menu loads (${locale})`, async () => {
      mockApi(http.get('/api/models', () => HttpResponse.json({ models: [DEMO], defaultModelId: DEMO.id })));
      await i18next.changeLanguage(locale);
      renderWithApp(<ModelPicker />, { path: '/web-main' });
      const button = await screen.findByRole('button', { name: /GPT-4o mini/ });
      expect(within(button).getByText('Demo')).toBeTruthy();
      expectLabelInName(button);
      const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
      expect(description?.textContent).toBe(locale === 'en' ? 'Change model' : 'Modeli değiştir');

      fireEvent.click(button);
      expect(await screen.findByTestId('model-menu')).toBeTruthy();
      const trigger = screen.getByTestId('model-picker');
      expect(trigger.getAttribute('aria-expanded')).toBe('true');
      expectLabelInName(trigger);
    });
  }
});

function model(id: string, displayName: string, tier: 'free' | 'pro'): PublicModel {
  return {
    id,
    provider: 'openai',
    providerLabel: 'OpenAI',
    displayName,
    description: '',
    examples: [],
    capabilities: { vision: true, reasoning: false },
    tier,
    available: true,
    demo: false,
  };
}

/** The shipped catalogue's shape: web search's default, gpt-4.1, is a Pro model (spec §3). */
const catalogue: ModelsResponse = {
  models: [model('gpt-4o-mini', 'GPT-4o mini', 'free'), model('gpt-4.1', 'GPT-4.1', 'pro')],
  defaultModelId: 'gpt-4o-mini',
};

async function openPickerOnWebSearch(user: Profile | null) {
  mockApi(http.get('/api/models', () => HttpResponse.json(catalogue)));
  renderWithApp(<ModelPicker />, { user, path: '/web-search' });
  const name = await screen.findByText(/GPT-4/, { selector: '[data-testid="current-model-name"]' });
  const shown = name.textContent;
  fireEvent.click(screen.getByTestId('model-picker'));
  const menu = await screen.findByTestId('model-menu');
  return { shown, menu };
}

describe('the model picker on web search', () => {
  for (const [who, user] of [
    ['a visitor', null],
    ['a free person', TEST_PROFILE],
  ] as const) {
    it(`shows ${who} the model that answers, and says web search's Pro model answers with Pro`, async () => {
      const { shown, menu } = await openPickerOnWebSearch(user);
      expect(shown).toBe('GPT-4o mini');
      const note = within(menu).getByTestId('model-plan-note');
      expect(note.textContent).toBe('GPT-4.1 answers here with Pro. Without Pro, GPT-4o mini answers.');
      expect(menu.getAttribute('aria-describedby')).toBe(note.id);
      expect(within(menu).getByTestId('model-option-gpt-4o-mini').getAttribute('aria-checked')).toBe('true');
      expect(within(menu).getByTestId('model-option-gpt-4.1').getAttribute('data-locked')).toBe('true');
    });
  }

  it('shows a Pro person the default itself, with nothing to explain', async () => {
    const { shown, menu } = await openPickerOnWebSearch({ ...TEST_PROFILE, accessLevel: 'pro' });
    expect(shown).toBe('GPT-4.1');
    expect(within(menu).queryByTestId('model-plan-note')).toBeNull();
    expect(menu.getAttribute('aria-describedby')).toBeNull();
    expect(within(menu).getByTestId('model-option-gpt-4.1').getAttribute('aria-checked')).toBe('true');
  });
});
