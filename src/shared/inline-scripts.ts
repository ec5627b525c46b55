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
 * the scripts are the first thing the page needs, and are fetched at once. A page listed in data-prefetch has
 * its first read asked for at once too, and the first pictures of the list it answers (ADR 061).
 */
export const appLoaderScript = `(function () {
  var data = document.currentScript.dataset;
  // A dozen links at a time, each dozen in one go and in a task of its own: forty links appended in one task
  // make a long one (each starts its request), and appended one by one even more so. Then next().
  function preload(files, next) {
    files = files.filter(Boolean);
    (function batch(start) {
      var links = document.createDocumentFragment();
      for (var i = start; i < files.length && i < start + 12; i++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = files[i];
        links.appendChild(link);
      }
      document.head.appendChild(links);
      if (start + 12 < files.length) setTimeout(function () { batch(start + 12); }, 0);
      else next();
    })(0);
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
    preload((data.modulepreload || '').split(' ').concat(pageFiles), function () {
      if (!data.libraries) return script(data.entry);
      // The libraries first, the app's entry in a later task: two shorter tasks instead of one long one. Every
      // file is already on its way (the preloads above); failed or not, the entry runs and reports.
      var libraries = script(data.libraries);
      libraries.onload = libraries.onerror = function () {
        setTimeout(function () { script(data.entry); }, 0);
      };
    });
  }
  // A page whose largest paint waits for a read (ADR 061: the product list, then its first pictures) has it
  // asked for now, not once the app's code has arrived and run. The app takes the response when it asks for
  // the same address (src/web/lib/prefetched.ts). The pictures are settled once the first ones are on the
  // painted page, or will not be (no list, no slot, a failure).
  var shownCallbacks = [];
  var picturesSettled = false;
  function settlePictures() {
    if (picturesSettled) return;
    picturesSettled = true;
    for (var i = 0; i < shownCallbacks.length; i++) shownCallbacks[i]();
  }
  function afterPictures(callback) {
    if (picturesSettled) return callback();
    shownCallbacks.push(callback);
  }
  var reads = JSON.parse(data.prefetch || '{}');
  var read = location.search ? undefined : reads[location.pathname];
  if (read) prefetch(read);
  else settlePictures();
  function stored(storage, key) {
    try {
      return JSON.parse(storage.getItem(key) || 'null');
    } catch (error) {
      return null;
    }
  }
  function isWarehouse(value) {
    return !!value && typeof value.id === 'string' && typeof value.name === 'string' && typeof value.location === 'string';
  }
  // The warehouse the app's first render browses (useBrowsingWarehouse): the chosen one, else the one serving
  // the position last read. A wrong guess only costs a request: the app then asks for its own.
  function browsingWarehouse() {
    var chosen = stored(localStorage, 'selectedWarehouse');
    if (isWarehouse(chosen)) return chosen.id;
    var position = stored(sessionStorage, 'positionWarehouse');
    if (position && typeof position.customerId === 'string' && isWarehouse(position.warehouse)) return position.warehouse.id;
  }
  function prefetch(path) {
    var warehouse;
    try {
      warehouse = browsingWarehouse();
    } catch (error) {
      // Storage refused: the app browses the default warehouse too.
    }
    var url = warehouse ? path + (path.indexOf('?') < 0 ? '?' : '&') + 'warehouseId=' + encodeURIComponent(warehouse) : path;
    var response = fetch(url, { credentials: 'include' });
    var prefetched = (window.freshcartPrefetch = { url: url, startedAt: Date.now(), response: response });
    // Registered before the app can read the body, so the copy is taken first.
    response.then(function (answer) {
      if (!answer.ok) return settlePictures();
      answer.clone().json().then(function (list) {
        prefetched.body = list;
        // The slots are in the painted page, which the parser puts in at the end of the body.
        if (document.readyState !== 'loading') return showPictures(list);
        document.addEventListener('DOMContentLoaded', function () { showPictures(list); });
      }, settlePictures);
    }, settlePictures);
  }
  // The first row's pictures (four cards on a wide screen) are asked for first, and shown in the painted
  // page's picture slots (the product skeleton's) while the app is on its way: the page's largest paint.
  function showPictures(list) {
    var items = (list && list.items) || [];
    var slots = document.querySelectorAll('#root [data-picture-slot]');
    var links = document.createDocumentFragment();
    var waiting = 1;
    function loaded() {
      if (--waiting === 0) settlePictures();
    }
    for (var i = 0; i < items.length && i < 4; i++) {
      var image = items[i] && items[i].image;
      // The server's own pictures only: the same address the app's image then finds in the cache.
      if (typeof image !== 'string' || image.charAt(0) !== '/' || image.charAt(1) === '/') continue;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.setAttribute('fetchpriority', 'high');
      link.href = image;
      links.appendChild(link);
      if (!slots[i]) continue;
      var picture = document.createElement('img');
      picture.alt = '';
      waiting++;
      picture.onload = picture.onerror = loaded;
      picture.src = image;
      picture.style.cssText = 'display:block;width:100%;height:100%;object-fit:cover';
      slots[i].style.animation = 'none';
      slots[i].appendChild(picture);
    }
    document.head.appendChild(links);
    loaded();
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
  // end of the body), and its first pictures if it shows any (ADR 061), for a second at most: on a slow
  // connection the scripts would take the bandwidth the pictures need. A hidden tab renders no frames, so
  // it starts at once.
  document.addEventListener('DOMContentLoaded', function () {
    if (document.visibilityState === 'hidden') return start();
    setTimeout(settlePictures, 1000);
    afterPictures(function () {
      requestAnimationFrame(function () { setTimeout(start, 0); });
    });
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
