/**
 * Inline in index.html after the prepainted pages' templates (ADR 054): paints the one built for the
 * address opened before the app's scripts arrive, and fetches that page's own chunks beside the entry's.
 * Inline, not a file: the parser would wait for a file, and the app's scripts arrive meanwhile and run
 * before the browser paints. The server's Content-Security-Policy allows exactly this text by its hash.
 */
export const prepaintScript = `(function () {
  var root = document.getElementById('root');
  // Only the bare address: a query string may change what the page shows.
  if (!root || location.search) return;
  var template = document.querySelector('template[data-prepaint="' + location.pathname + '"]');
  if (!template) return;
  var files = (template.getAttribute('data-modulepreload') || '').split(' ');
  for (var i = 0; i < files.length; i++) {
    if (!files[i]) continue;
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = files[i];
    document.head.appendChild(link);
  }
  var page = template.content.cloneNode(true);
  // A picture of the page until the app replaces it: its controls do nothing yet, so they take no
  // focus, clicks or place in the accessibility tree.
  for (var element = page.firstElementChild; element; element = element.nextElementSibling) {
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
  }
  root.appendChild(page);
})();`;
