import { useEffect, useRef, useState } from "react";
import { OVERLAY_REVOKED_CLOSE_CODE, SIGNED_OUT_CLOSE_CODE } from "../socket-codes";
import { reloadOnce } from "./reload-once";

export type SocketFrame = { event: string; data?: unknown; ack?: string };
export type PartyConnection = { send(frame: SocketFrame): void; request(frame: SocketFrame): Promise<unknown> };

/**
 * A reconnecting socket to a Durable Object room (partysocket, loaded only in the browser and only on pages that
 * use it). Every frame received goes to `onFrame`; after each (re)connect the server sends the current state
 * itself, so a dropped connection resyncs on its own. `request` sends a frame with an `ack` id and resolves with
 * the server's acknowledgement. Returns null until connected once. `query` goes on the upgrade's URL (a stream
 * overlay's key).
 */
export function usePartySocket(
  party: string,
  room: string | null,
  onFrame: (frame: SocketFrame) => void,
  query?: Record<string, string>,
): { connection: PartyConnection | null; connected: boolean } {
  const handler = useRef(onFrame);
  handler.current = onFrame;
  const [connection, setConnection] = useState<PartyConnection | null>(null);
  const [connected, setConnected] = useState(false);
  const search = query ? new URLSearchParams(query).toString() : "";
  useEffect(() => {
    if (!room) return;
    let closed = false;
    let socket: { close(): void; send(data: string): void; addEventListener: WebSocket["addEventListener"] } | null =
      null;
    const pending = new Map<string, (data: unknown) => void>();
    void import("partysocket").then(({ PartySocket }) => {
      if (closed) return;
      const ws = new PartySocket({
        host: window.location.host,
        party,
        room,
        query: search ? Object.fromEntries(new URLSearchParams(search)) : undefined,
      });
      socket = ws;
      ws.addEventListener("open", () => setConnected(true));
      ws.addEventListener("close", (event: CloseEvent) => {
        setConnected(false);
        // Signed out by the platform (a ban), or an overlay whose key was replaced: stop reconnecting and show the
        // page as it now is.
        if (event.code === SIGNED_OUT_CLOSE_CODE || event.code === OVERLAY_REVOKED_CLOSE_CODE) {
          closed = true;
          ws.close();
          reloadOnce();
        }
      });
      ws.addEventListener("message", (event: MessageEvent) => {
        let frame: SocketFrame;
        try {
          frame = JSON.parse(String(event.data)) as SocketFrame;
        } catch {
          return;
        }
        if (frame.event === "ack" && frame.ack) {
          pending.get(frame.ack)?.(frame.data);
          pending.delete(frame.ack);
          return;
        }
        handler.current(frame);
      });
      let counter = 0;
      setConnection({
        send: (frame) => ws.send(JSON.stringify(frame)),
        request: (frame) =>
          new Promise((resolve) => {
            const ack = `a${++counter}`;
            pending.set(ack, resolve);
            ws.send(JSON.stringify({ ...frame, ack }));
          }),
      });
    });
    return () => {
      closed = true;
      socket?.close();
      setConnection(null);
      setConnected(false);
    };
  }, [party, room, search]);
  return { connection, connected };
}
