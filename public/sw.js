/*
 * Noobrd's service worker: shows the alerts pushed to this browser (app/platform/push: "you're up", "your booking
 * starts in 15 minutes", "your session was cancelled") and opens the page an alert links to when it is clicked.
 */
self.addEventListener("push", (event) => {
  let alert = { title: "Noobrd", body: "", url: "/", tag: "noobrd" };
  try {
    alert = { ...alert, ...event.data.json() };
  } catch {
    // A push without a JSON payload shows the default alert.
  }
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      data: { url: alert.url },
      icon: "/favicon.svg",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
