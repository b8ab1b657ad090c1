// The sign-in popup lands here after the identity provider. It tells the window that opened it
// how sign-in ended, then closes. Opened without a popup (redirect fallback), it goes home.
(() => {
  const params = new URLSearchParams(window.location.search);
  const result = { type: 'polymath-auth', ok: !params.get('error'), error: params.get('error') || undefined };
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(result, window.location.origin);
    window.close();
  } else {
    window.location.replace(
      result.ok ? '/web-main' : `/sign-in?error=${encodeURIComponent(result.error || 'unknown')}`,
    );
  }
})();
