import { AUTH_POPUP, type ErrorCode, isErrorCode } from '@polymath/shared';

export type SocialProvider = 'google' | 'apple';
export type SocialMode = 'signIn' | 'link';
export type SocialResult = { ok: true } | { ok: false; code: ErrorCode } | { redirected: true };

const ENDPOINT: Record<SocialMode, string> = { signIn: '/api/auth/sign-in/social', link: '/api/auth/link-social' };
const POPUP_CALLBACK = '/auth/complete.html';

/** The `?error=` of a failed callback: the server sends catalogue codes; provider names are mapped. */
export function socialErrorCode(error: string | undefined | null): ErrorCode {
  if (isErrorCode(error)) return error;
  switch (error) {
    case 'account_not_linked':
    case 'account_already_linked_to_different_user':
      return 'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL';
    case 'email_not_found':
      return 'EMAIL_NOT_FOUND';
    case 'access_denied':
      return 'POPUP_CLOSED_BY_USER';
    default:
      return 'AUTHENTICATION_FAILED';
  }
}

/**
 * Google or Apple sign-in (or linking) in a 500x600 popup (spec §9). When the browser blocks the
 * popup, the same flow runs as a full-page redirect and comes back to the current page.
 */
export async function startSocialSignIn(provider: SocialProvider, mode: SocialMode): Promise<SocialResult> {
  // Opened synchronously inside the click so popup blockers allow it; the URL is filled in below.
  const left = Math.max(0, window.screenX + (window.outerWidth - AUTH_POPUP.width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - AUTH_POPUP.height) / 2);
  const popup = window.open(
    '',
    'polymath-auth',
    `popup=yes,width=${AUTH_POPUP.width},height=${AUTH_POPUP.height},left=${left},top=${top}`,
  );
  const here = `${window.location.pathname}${window.location.search}`;
  const callbackURL = popup ? POPUP_CALLBACK : here;
  const errorCallbackURL = popup ? POPUP_CALLBACK : `/sign-in`;
  let url: string;
  try {
    const res = await fetch(ENDPOINT[mode], {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ provider, callbackURL, errorCallbackURL, disableRedirect: true }),
    });
    const body = (await res.json().catch(() => ({}))) as { url?: string; error?: { code?: ErrorCode } };
    if (!res.ok || !body.url) {
      popup?.close();
      return { ok: false, code: body.error?.code ?? 'AUTHENTICATION_FAILED' };
    }
    url = body.url;
  } catch {
    popup?.close();
    return { ok: false, code: 'SERVICE_UNAVAILABLE' };
  }
  if (!popup || popup.closed) {
    window.location.assign(url);
    return { redirected: true };
  }
  popup.location.href = url;
  return waitForPopup(popup);
}

/**
 * The popup's page (public/auth/complete.html) posts how it ended and waits: this window closes it
 * once the message is here. Were the popup to close itself, its being closed could be seen here
 * before its message arrived (they are two signals with no order between them, and a busy machine
 * shows it), and a finished sign-in or link would end as "closed by the user".
 */
function waitForPopup(popup: Window): Promise<SocialResult> {
  return new Promise((resolve) => {
    const done = (result: SocialResult) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      resolve(result);
    };
    const onMessage = (e: MessageEvent<{ type?: string; ok?: boolean; error?: string }>) => {
      if (e.origin !== window.location.origin || e.data?.type !== 'polymath-auth') return;
      popup.close();
      done(e.data.ok ? { ok: true } : { ok: false, code: socialErrorCode(e.data.error) });
    };
    window.addEventListener('message', onMessage);
    // Closing the popup without finishing is the spec's POPUP_CLOSED_BY_USER.
    const poll = window.setInterval(() => {
      if (popup.closed) done({ ok: false, code: 'POPUP_CLOSED_BY_USER' });
    }, 500);
  });
}
