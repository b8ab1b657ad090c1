// The sign-in popup lands here after the identity provider. It tells the window that opened it
// how sign-in ended; that window closes it once the message arrived (social-popup.ts: closing here
// could be seen there before the message, as a popup the user closed). Should nobody be listening
// any more (the opener left the page), it closes itself a while later. Opened without a popup
// (redirect fallback), it goes home.
(() => {
  const params = new URLSearchParams(window.location.search);
  const result = { type: 'polymath-auth', ok: !params.get('error'), error: params.get('error') || undefined };
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(result, window.location.origin);
    window.setTimeout(() => window.close(), 10_000);
  } else {
    window.location.replace(
      result.ok ? '/web-main' : `/sign-in?error=${encodeURIComponent(result.error || 'unknown')}`,
    );
  }
})();
