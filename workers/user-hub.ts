import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { NOTIFICATION_EVENTS } from "../app/features/notifications";
import { listNotifications, markAllRead } from "../app/features/notifications/index.server";
import { SIGNED_OUT_CLOSE_CODE } from "../app/lib/socket-codes";
import { parseFrame } from "./socket-viewer";

/**
 * One object per user: pushes that user's new notifications to their open tabs (docs/decisions/014). The rows
 * are in D1 (written by `notifyUser` or the fan-out); the object holds no state of its own beyond its sockets,
 * which hibernate. Only the user themself can connect (the Worker checks the room is the viewer's id).
 */
export class UserHub extends Server {
  static override options = { hibernate: true };

  #hasSockets(): boolean {
    for (const _ of this.getConnections()) return true;
    return false;
  }

  async #sendList(target: Connection | null) {
    const list = await listNotifications(this.env, this.name);
    const frame = JSON.stringify({ event: NOTIFICATION_EVENTS.list, data: list });
    if (target) target.send(frame);
    else this.broadcast(frame);
    return list;
  }

  /** RPC from `pushToUser`: new rows were written for this user. */
  async refresh(_userId: string): Promise<void> {
    if (!this.#hasSockets()) return;
    const list = await listNotifications(this.env, this.name);
    const latest = list.notifications[0];
    if (latest) {
      const event = latest.type === "new_slots" ? NOTIFICATION_EVENTS.newSlots : NOTIFICATION_EVENTS.new;
      this.broadcast(JSON.stringify({ event, data: { notification: latest, unread: list.unread } }));
    }
    this.broadcast(JSON.stringify({ event: NOTIFICATION_EVENTS.list, data: list }));
  }

  /** RPC: the account was signed out (banned): close every tab's socket now; a reconnect is refused. */
  async signOut(): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections()) {
      connection.close(SIGNED_OUT_CLOSE_CODE, "Signed out");
      closed++;
    }
    return closed;
  }

  override async onConnect(connection: Connection, _context: ConnectionContext) {
    await this.#sendList(connection);
  }

  override async onMessage(connection: Connection, message: WSMessage) {
    const frame = parseFrame(message);
    if (!frame) return;
    if (frame.event === NOTIFICATION_EVENTS.markRead) {
      await markAllRead(this.env, this.name);
      await this.#sendList(null);
    } else if (frame.event === NOTIFICATION_EVENTS.list || frame.event === NOTIFICATION_EVENTS.join) {
      await this.#sendList(connection);
    }
  }
}
