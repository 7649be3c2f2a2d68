/**
 * WebSocket close code a Durable Object sends when the account behind a socket was signed out by the platform (a
 * ban): the page stops reconnecting and reloads, showing the signed-out state. 4000–4999 are for applications.
 */
export const SIGNED_OUT_CLOSE_CODE = 4001;

/**
 * Close code a live session's object sends a stream overlay's socket when the streamer replaced the overlay key:
 * the overlay stops reconnecting and reloads, and the old URL answers 404.
 */
export const OVERLAY_REVOKED_CLOSE_CODE = 4004;
