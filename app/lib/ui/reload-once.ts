let reloading = false;

/**
 * Reloads the page once per document: a second call while the first reload is still loading (a busy phone, a slow
 * network) would restart it, and a navigation the person starts meanwhile would be cut off.
 */
export function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}
