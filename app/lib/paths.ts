/**
 * The product's URLs that more than one place builds (a page, an email, a notification, a redirect): each from one
 * helper, so a link cannot drift from its route (app/routes.ts). Ids are encoded: a malformed id from an address
 * must not make an invalid Location header. The order's page is here because its forms build it in the browser; the
 * gig, streamer, live and game pages' helpers are server-only (paths.server.ts), their hrefs sent as strings.
 */

/** A fan's order page, or one of its steps: `/profile/orders/:id[/step]`. */
export function orderPath(orderId: string, step?: "cancel" | "reschedule" | "review" | "new-time" | "no-show-refund") {
  const page = `/profile/orders/${encodeURIComponent(orderId)}`;
  return step ? `${page}/${step}` : page;
}
