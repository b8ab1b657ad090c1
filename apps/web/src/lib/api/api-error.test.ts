import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from './api-error.ts';

describe('apiErrorMessage', () => {
  it('names the address the server asks for when a change came from another one', () => {
    const error = { status: 403, data: { error: { code: 'WRONG_ORIGIN', details: { url: 'http://localhost:3000' } } } };
    expect(apiErrorMessage(error, i18next.t)).toBe(
      'Changes must come from the app itself. Open Polymath at http://localhost:3000 and try again.',
    );
  });
});
