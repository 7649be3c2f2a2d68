import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { type AckPayload, LIVE_COPY, LIVE_EVENTS, wholeLanesOf } from "../app/features/live";
import {
  broadcastDue,
  groupable,
  LIVE_GROUP_MAX,
  type LiveBroadcast,
  type LiveCommand,
  type LiveCommandResult,
  nextReadyDeadline,
  readBroadcast,
  runLiveCommand,
  runLiveCommandGroup,
} from "../app/features/live/index.server";
import { OVERLAY_REVOKED_CLOSE_CODE, SIGNED_OUT_CLOSE_CODE } from "../app/lib/socket-codes";
import { log } from "../app/platform/log.server";
import { LatestBroadcast } from "./latest-broadcast";
import { BroadcastFrames, watcherFrames } from "./live-frames";
import { WatcherRelay } from "./live-watcher-relay";
import type { WatcherFrames } from "./live-watchers";
import {
  isOverlayRequest,
  parseFrame,
  presenceOf,
  SINCE_TAG,
  type SocketState,
  socketOfTags,
  viewerOfRequest,
  WHOLE_TAG,
} from "./socket-viewer";

const VERSION_KEY = "version";
/** The commands that may start or end a ready check: after them the object moves its alarm. */
const READY_CHECK_COMMANDS = new Set<LiveCommand["type"]>([
  "serve",
  "callParty",
  "ready",
  "readyLink",
  "skip",
  "remove",
  "leave",
  "expireReady",
  "end",
]);
/** How long after a refused ready-check alarm it is tried again. */
const READY_ALARM_RETRY_MS = 15_000;
/** The most often the streamer's dashboard is told who has the live page open. */
const PRESENCE_EVERY_MS = 500;

type JoinGroup = {
  liveSessionId: string;
  items: {
    command: Extract<LiveCommand, { type: "joinRegular" }>;
    resolve: (result: LiveCommandResult) => void;
    reject: (error: unknown) => void;
  }[];
};

/**
 * One object per live session (docs/decisions/014-live-session-durable-objects.md): the single writer of the
 * session's queue. Every mutation arrives as `command` (RPC from the Worker's pages and /api routes, or a frame
 * from the streamer's socket), runs alone and in arrival order, calls the feature's use case (which checks who
 * may do it and writes D1, the system of record), then bumps the session's version in this object's storage
 * and sends every socket its view: the streamer the whole queue, each fan their own place, anonymous viewers
 * the counts.
 *
 * Nothing lives only in memory: the queue is in D1, the version in storage, each socket's viewer and role in
 * its attachment (partyserver's connection state), so a hibernated, evicted or restarted object answers the
 * same. Sockets hibernate (`hibernate: true`): an idle session costs nothing.
 */
export class LiveSession extends Server {
  static override options = { hibernate: true };

  /** Orders the commands of this instance (only in-flight work; nothing is lost with it). */
  #tail: Promise<unknown> = Promise.resolve();

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(work, work);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** RPC: that account was signed out (banned): close its sockets here now (it may come back as anonymous). */
  async signOut(userId: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections(`user:${userId}`)) {
      connection.close(SIGNED_OUT_CLOSE_CODE, "Signed out");
      closed++;
    }
    return closed;
  }

  /** RPC: the streamer replaced their overlay key: close every overlay socket (they reload into a 404). */
  async closeOverlays(): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections("overlay")) {
      connection.close(OVERLAY_REVOKED_CLOSE_CODE, "Overlay key replaced");
      closed++;
    }
    return closed;
  }

  /** Commands accepted and not finished yet; the broadcast waits for the last of a burst (or `broadcastDue`). */
  #pending = 0;
  #changed = false;
  /** When the current burst began, or its last broadcast was sent (the object's clock moves on I/O). */
  #since = 0;
  #notices: { userId: string; message: string }[] = [];
  /** The latest queue state read, shared by the sockets that open before the next change. */
  #latest = new LatestBroadcast();

  /** The state a socket opening (or resyncing) now is sent: one read of the queue serves every such socket. */
  async #current(liveSessionId: string): Promise<LiveBroadcast> {
    const version = await this.#version(false);
    return this.#latest.of(version, () => readBroadcast(this.env, liveSessionId, version));
  }

  /**
   * The group of regular joins waiting for its turn at the end of the chain (group commit): a join that arrives
   * while it waits joins it, so every join that came in while the previous write was in flight is written in one
   * D1 batch. Any other command closes it (what arrives after that command runs after it: arrival order holds).
   */
  #group: JoinGroup | null = null;

  /**
   * RPC: run one queue command, then broadcast. Refusals come back as plain results (see coordinator). A burst
   * of commands (500 fans joining at once) is broadcast once, after its last command, and every
   * LIVE_BROADCAST_EVERY_MS while it lasts (`broadcastDue`): every socket still gets the state that follows every
   * change it has not seen, just not each intermediate one.
   */
  async command(liveSessionId: string, command: LiveCommand): Promise<LiveCommandResult> {
    if (this.#pending++ === 0) this.#since = Date.now();
    if (groupable(command)) {
      return new Promise<LiveCommandResult>((resolve, reject) => {
        const open = this.#group;
        if (open && open.liveSessionId === liveSessionId && open.items.length < LIVE_GROUP_MAX) {
          open.items.push({ command, resolve, reject });
          return;
        }
        const group: JoinGroup = { liveSessionId, items: [{ command, resolve, reject }] };
        this.#group = group;
        this.#serial(() => this.#runGroup(group)).catch((error: unknown) =>
          log.error("live.broadcast_failed", { liveSessionId, error }),
        );
      });
    }
    this.#group = null;
    return this.#serial(async () => {
      try {
        const result = await runLiveCommand(this.env, liveSessionId, command, {
          present: (userId) => this.#presence().has(userId),
        });
        if (result.ok) {
          this.#changed = true;
          this.#latest.changed();
          this.#notices.push(...result.outcome.notices);
          if (READY_CHECK_COMMANDS.has(command.type)) await this.#keepReadyAlarm(liveSessionId);
        }
        return result;
      } finally {
        await this.#settled(liveSessionId, 1);
      }
    });
  }

  /**
   * The object's one alarm stays at the earliest running ready check's deadline (D1 holds them): set, moved or
   * cleared after each command that may start or end one, and after each alarm.
   */
  async #keepReadyAlarm(liveSessionId: string) {
    const next = await nextReadyDeadline(this.env, liveSessionId);
    const current = await this.ctx.storage.getAlarm();
    if (next === null) {
      if (current !== null) await this.ctx.storage.deleteAlarm();
    } else if (current !== next) {
      await this.ctx.storage.setAlarm(next);
    }
  }

  /**
   * A ready check ran out: the due checks are missed (moved back, removed or refunded) by the `expireReady` command,
   * run in order with every other command; on success the command moves the alarm to the next deadline. A refused
   * run is logged and tried again READY_ALARM_RETRY_MS later (a check is never left running past its deadline for
   * good); a run that throws is retried by the runtime's own alarm retries.
   */
  override async onAlarm() {
    const result = await this.command(this.name, { type: "expireReady" });
    if (!result.ok) {
      log.error("live.ready_alarm_failed", { liveSessionId: this.name, message: result.message });
      await this.ctx.storage.setAlarm(Date.now() + READY_ALARM_RETRY_MS);
    }
  }

  async #runGroup(group: JoinGroup): Promise<void> {
    if (this.#group === group) this.#group = null;
    try {
      const settled = await runLiveCommandGroup(
        this.env,
        group.liveSessionId,
        group.items.map((item) => item.command),
      );
      for (const [index, item] of group.items.entries()) {
        const one = settled[index];
        if (!one) item.reject(new Error("live.group: no result"));
        else if (one.status === "rejected") item.reject(one.reason);
        else {
          if (one.value.ok) {
            this.#changed = true;
            this.#latest.changed();
            this.#notices.push(...one.value.outcome.notices);
          }
          item.resolve(one.value);
        }
      }
    } catch (error) {
      for (const item of group.items) item.reject(error);
    } finally {
      await this.#settled(group.liveSessionId, group.items.length);
    }
  }

  /** `count` commands finished: after the last of a burst one broadcast, and during a long one every so often. */
  async #settled(liveSessionId: string, count: number) {
    this.#pending -= count;
    const state = { pending: this.#pending, changed: this.#changed, since: this.#since, now: Date.now() };
    if (broadcastDue(state)) await this.#afterChange(liveSessionId);
  }

  async #version(bump: boolean): Promise<number> {
    const current = (await this.ctx.storage.get<number>(VERSION_KEY)) ?? 0;
    if (!bump) return current;
    await this.ctx.storage.put(VERSION_KEY, current + 1);
    return current + 1;
  }

  #hasConnections(): boolean {
    for (const _ of this.getConnections()) return true;
    return false;
  }

  /** The shards of this session's signed-out watchers, and the relay of each change's frames to them. */
  #watchers = new WatcherRelay(this.ctx, this.env);

  /**
   * RPC from a shard of this session's watchers (workers/live-watchers.ts) opening a socket: the current frames,
   * and the shard is remembered, so every broadcast reaches it until it answers that it has no socket left.
   */
  async watch(liveSessionId: string, shard: number): Promise<WatcherFrames | null> {
    if (!(await this.#watchers.remember(shard))) return null;
    // Thousands of watchers arrive between two changes: one read of the queue serves them all.
    const state = await this.#current(liveSessionId);
    if (this.#watchers.latest?.version !== state.version) this.#watchers.latest = watcherFrames(state);
    return this.#watchers.latest;
  }

  async #afterChange(liveSessionId: string) {
    this.#changed = false;
    this.#since = Date.now();
    const notices = this.#notices.splice(0);
    const version = await this.#version(true);
    const watched = Object.keys(await this.#watchers.shards()).length > 0;
    if (!this.#hasConnections() && !watched) return;
    try {
      const state = await this.#latest.fresh(version, () => readBroadcast(this.env, liveSessionId, version));
      this.#sendAll(state);
      if (watched) {
        this.#watchers.latest = watcherFrames(state);
        this.#watchers.relay(liveSessionId, this.#watchers.latest);
      }
    } catch (error) {
      // The change is in D1 and the version moved on: sockets that missed it resync on their next frame.
      log.error("live.broadcast_failed", { liveSessionId, error });
    }
    for (const notice of notices) {
      const frame = JSON.stringify({ event: LIVE_EVENTS.notice, data: { liveSessionId, message: notice.message } });
      for (const connection of this.getConnections(`user:${notice.userId}`)) connection.send(frame);
    }
  }

  /**
   * Sends every open socket its view. A broadcast reaches thousands of sockets, so it reads each socket's tag (set
   * at connect from the same viewer as its attachment: `overlay`, `anonymous` or `user:<id>`, the streamer being
   * the session's own user) rather than deserializing each attachment, and builds one frame per distinct view.
   */
  #sendAll(state: LiveBroadcast) {
    const frames = this.#framesOf(state);
    for (const ws of this.ctx.getWebSockets()) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      try {
        frames.sendTo((frame) => ws.send(frame), socketOfTags(this.ctx.getTags(ws), state.streamerId));
      } catch {
        // A socket closing right now; it resyncs when it reconnects.
      }
    }
  }

  async #sendCurrent(connection: Connection, liveSessionId: string) {
    const state = await this.#current(liveSessionId);
    this.#framesOf(state).sendTo((frame) => connection.send(frame), connection.state as SocketState | null);
    return state;
  }

  override getConnectionTags(_connection: Connection, context: ConnectionContext): string[] {
    if (isOverlayRequest(context.request)) return ["overlay"];
    const viewer = viewerOfRequest(context.request);
    // When the socket opened: a fan's presence on the live page (`#presence`), kept through hibernation; and the
    // lanes a dashboard shows whole (read only for the streamer's socket).
    if (!viewer) return ["anonymous"];
    const whole = wholeLanesOf(new URL(context.request.url).searchParams).map((lane) => `${WHOLE_TAG}${lane}`);
    return [`user:${viewer.id}`, `${SINCE_TAG}${Date.now()}`, ...whole];
  }

  /** The frames of `state` for one socket (its presence read only for the streamer's view). */
  #framesOf(state: LiveBroadcast): BroadcastFrames {
    return new BroadcastFrames(state, () => this.#presence());
  }

  /** Which fans have the live page open, and since when (socket-viewer.ts `presenceOf`). */
  #presence(): Map<string, number> {
    return presenceOf(this.ctx.getWebSockets(), (ws) => this.ctx.getTags(ws));
  }

  override async onConnect(connection: Connection, context: ConnectionContext) {
    const overlay = isOverlayRequest(context.request);
    // An overlay socket carries no viewer, whatever else the request holds: it is sent public data only.
    const viewer = overlay ? null : viewerOfRequest(context.request);
    const state = await this.#current(this.name);
    const isStreamer = !!viewer && state.streamerId === viewer.id;
    const role = overlay ? "overlay" : isStreamer ? "streamer" : viewer ? "fan" : "anonymous";
    // The lanes its dashboard shows whole, from the tags set on it from the same request (getConnectionTags).
    const { whole } = socketOfTags(connection.tags, state.streamerId);
    connection.setState({ viewer, role, whole } satisfies SocketState);
    if (role === "fan") this.#presenceChanged();
    this.#framesOf(state).sendTo((frame) => connection.send(frame), connection.state as SocketState);
  }

  override onClose(connection: Connection) {
    if ((connection.state as SocketState | null)?.role === "fan") this.#presenceChanged();
  }

  /** When the streamer's dashboard was last told who is present, and whether a later telling is due. */
  #presenceSentAt = 0;
  #presenceDue: ReturnType<typeof setTimeout> | null = null;

  /**
   * A fan opened or closed the live page: tells the streamer's sockets who is present now, at most every
   * PRESENCE_EVERY_MS (a burst of fans arriving is told once after it), reading only the sockets' tags.
   */
  #presenceChanged() {
    if (this.#presenceDue) return;
    const wait = Math.max(0, this.#presenceSentAt + PRESENCE_EVERY_MS - Date.now());
    this.#presenceDue = setTimeout(() => {
      this.#presenceDue = null;
      this.#presenceSentAt = Date.now();
      let frame: string | undefined;
      for (const connection of this.getConnections()) {
        if ((connection.state as SocketState | null)?.role !== "streamer") continue;
        frame ??= JSON.stringify({
          event: LIVE_EVENTS.presence,
          data: { liveSessionId: this.name, present: Object.fromEntries(this.#presence()) },
        });
        connection.send(frame);
      }
    }, wait);
  }

  override async onMessage(connection: Connection, message: WSMessage) {
    const frame = parseFrame(message);
    if (!frame) return;
    const socket = connection.state as SocketState | null;
    if (frame.event === LIVE_EVENTS.resync) {
      await this.#sendCurrent(connection, this.name);
      return;
    }
    if (frame.event === LIVE_EVENTS.ready) {
      // The fan confirms their ready check (the page's Confirm button; without JavaScript it posts the same command).
      const entryId = (frame.data as { entryId?: unknown } | undefined)?.entryId;
      if (socket?.viewer && typeof entryId === "string") {
        await this.command(this.name, { type: "ready", viewer: socket.viewer, entryId });
      }
      return;
    }
    if (frame.event === LIVE_EVENTS.end) {
      const ack = typeof frame.ack === "string" ? frame.ack : null;
      let reply: AckPayload;
      if (!socket?.viewer) {
        reply = { success: false, error: LIVE_COPY.notYourSession };
      } else {
        try {
          const result = await this.command(this.name, { type: "end", viewer: socket.viewer });
          reply = result.ok ? { success: true, error: null } : { success: false, error: result.message };
        } catch (error) {
          log.error("live.end_failed", { liveSessionId: this.name, error });
          reply = { success: false, error: LIVE_COPY.endFailed };
        }
      }
      if (ack) connection.send(JSON.stringify({ event: LIVE_EVENTS.ack, ack, data: reply }));
    }
  }
}
