// The service worker's push handling, pulled into Workbox's generated worker with importScripts.
// The server sends { title, body, url, tag } (PushMessage in src/shared/contracts/notifications.ts).
self.addEventListener('push', function (event) {
  var message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    // A payload that is not our JSON still shows something rather than nothing.
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'FreshCart', {
      body: message.body || '',
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/favicon-48.png',
      data: { url: message.url || '/' },
    }),
  );
});

// A click focuses a FreshCart window already open (taking it to the notification's page) or opens one.
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i += 1) {
        var client = windows[i];
        if (new URL(client.url).origin !== self.location.origin) continue;
        return client.focus().then(function (focused) {
          return focused.url === target ? focused : focused.navigate(target);
        });
      }
      return self.clients.openWindow(target);
    }),
  );
});
