/**
 * WebSocket close code a Durable Object sends when the account behind a socket was signed out by the platform (a
 * ban): the page stops reconnecting and reloads, showing the signed-out state. 4000–4999 are for applications.
 */
export const SIGNED_OUT_CLOSE_CODE = 4001;
