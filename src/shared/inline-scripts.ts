/**
 * The inline scripts of index.html (ADR 054, ADR 058). Inline, not files: the parser would wait for a
 * file. The server's Content-Security-Policy allows exactly these texts by their hashes, so the build
 * inlines these constants unchanged and passes each page's particulars in data attributes.
 */

/** First in the head: applies the remembered theme before anything paints, so a dark page never flashes white. */
export const themeScript = `(function () {
  try {
    var stored = localStorage.getItem('theme');
    var dark = stored === 'dark' || ((!stored || stored === 'system') && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (error) {
    // Storage may be unavailable (private mode); the app then follows the system theme.
  }
})();`;

/**
 * In the head of the built page, before the stylesheet: fetches the app's scripts, listed in its data
 * attributes. On an address painted from index.html it waits for that first paint, so the stylesheet
 * and the page come first on a slow connection; it then fetches the page's own chunks too. Elsewhere
 * the scripts are the first thing the page needs, and are fetched at once.
 */
export const appLoaderScript = `(function () {
  var data = document.currentScript.dataset;
  function preload(files) {
    // Into the head at once: forty links appended one by one cost the page a long task.
    var links = document.createDocumentFragment();
    for (var i = 0; i < files.length; i++) {
      if (!files[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      links.appendChild(link);
    }
    document.head.appendChild(links);
  }
  function script(src) {
    var element = document.createElement('script');
    element.type = 'module';
    element.crossOrigin = '';
    element.src = src;
    document.head.appendChild(element);
    return element;
  }
  function load(pageFiles) {
    preload((data.modulepreload || '').split(' ').concat(pageFiles));
    if (!data.libraries) return script(data.entry);
    // The libraries first, the app's entry in a later task: two shorter tasks instead of one long one. Every
    // file is already on its way (the preloads above); failed or not, the entry runs and reports.
    var libraries = script(data.libraries);
    libraries.onload = libraries.onerror = function () {
      setTimeout(function () { script(data.entry); }, 0);
    };
  }
  var painted = JSON.parse(data.prepainted || '{}');
  // Only the bare address is painted (the prepaint script): a query string may change what the page shows.
  var pageFiles = location.search ? undefined : painted[location.pathname];
  if (!pageFiles) return load([]);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    load(pageFiles);
  }
  // After the frame that paints the page, once the parser has put it in (the prepaint script at the
  // end of the body); a hidden tab renders no frames, so it starts at once.
  document.addEventListener('DOMContentLoaded', function () {
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(function () { setTimeout(start, 0); });
  });
  document.addEventListener('visibilitychange', start);
})();`;

/**
 * At the end of the built page's body, after the prepainted pages' templates (ADR 054): paints the one
 * built for the address opened, before the app's scripts arrive.
 */
export const prepaintScript = `(function () {
  var root = document.getElementById('root');
  // Only the bare address: a query string may change what the page shows.
  if (!root || location.search) return;
  var template = document.querySelector('template[data-prepaint="' + location.pathname + '"]');
  if (!template) return;
  var page = template.content.cloneNode(true);
  // A picture of the page until the app replaces it: its controls do nothing yet, so they take no
  // focus, clicks or place in the accessibility tree.
  for (var element = page.firstElementChild; element; element = element.nextElementSibling) {
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
  }
  root.appendChild(page);
})();`;

/** Every inline script a page of the app runs, for the Content-Security-Policy. */
export const inlineScripts = [themeScript, appLoaderScript, prepaintScript] as const;
