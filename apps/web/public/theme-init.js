// Runs before the app's bundle so the first paint already has the saved theme and language.
(() => {
  try {
    const theme = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.style.colorScheme = theme;
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', theme === 'dark' ? '#0b1026' : '#ffffff');
    if (localStorage.getItem('locale') === 'tr') {
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
