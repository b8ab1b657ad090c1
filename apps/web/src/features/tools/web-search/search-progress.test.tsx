import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { SearchProgress } from './search-progress.tsx';

describe('SearchProgress', () => {
  it('says "Searching…" while a search runs and "Reading 3 pages…" while pages are read', () => {
    const { rerender } = render(<SearchProgress searching={1} reading={0} />);
    expect(screen.getByRole('status').textContent).toBe('Searching…');
    rerender(<SearchProgress searching={1} reading={3} />);
    expect(screen.getByRole('status').textContent).toBe('Reading 3 pages…');
    rerender(<SearchProgress searching={0} reading={1} />);
    expect(screen.getByRole('status').textContent).toBe('Reading 1 page…');
    rerender(<SearchProgress searching={0} reading={0} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('in Turkish', async () => {
    await i18next.changeLanguage('tr');
    const { rerender } = render(<SearchProgress searching={1} reading={0} />);
    expect(screen.getByRole('status').textContent).toBe('Aranıyor…');
    rerender(<SearchProgress searching={0} reading={3} />);
    expect(screen.getByRole('status').textContent).toBe('3 sayfa okunuyor…');
  });
});
