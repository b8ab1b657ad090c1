// Runs before the app's bundle so the first paint already has the saved theme and language.
(() => {
  try {
    // A stored app version other than the current one means the app will clear storage on start,
    // so the saved theme no longer counts (keep in step with APP_VERSION in packages/shared).
    const current = localStorage.getItem('app_version') === '7';
    const theme = current && localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', theme === 'dark' ? '#0b1026' : '#ffffff');
    if (current && localStorage.getItem('locale') === 'tr') {
      root.lang = 'tr';
      document.addEventListener('DOMContentLoaded', () => {
        const text = document.querySelector('.boot-text');
        if (text) text.textContent = 'İçeriğiniz yükleniyor';
      });
    }
  } catch {
    // Storage can be blocked (private mode); the defaults apply.
  }
})();
