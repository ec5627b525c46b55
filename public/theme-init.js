// Applies the remembered theme before React renders, so a dark page never flashes white.
(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored === 'dark' || ((!stored || stored === 'system') && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    // Storage may be unavailable (private mode); the app then follows the system theme.
  }
})();
