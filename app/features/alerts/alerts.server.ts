import { and, eq, sql } from "drizzle-orm";
import { assertReadBusiness, type Viewer } from "~/features/access";
import { badRequest, conflict, notFound } from "~/lib/errors";
import { escapeHtml } from "~/lib/html";
import { newId } from "~/lib/id";
import { type Db, getDb } from "~/platform/db.server";
import { emailSender } from "~/platform/email/email.server";
import { appOrigin } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import { isPushServiceEndpoint, type PushAlert, pushSender, vapidPublicKey } from "~/platform/push/push.server";
import { type AlertKind, type AlertOutcome, alertDeliveries, liveSessions, pushSubscriptions, users } from "~db/schema";
import { ALERTS_COPY } from "./copy";
import type { PushSubscriptionInput } from "./schema";

/**
 * Alerts (docs/domain.md "Alerts"): a short, urgent message to one fan ("you're up", "your booking starts in 15
 * minutes", "your session was cancelled"), pushed to every browser they subscribed; when no push gets through (the push
 * service failed, or the subscription is gone: 404/410, then deleted) the same alert goes by email. Each alert is
 * recorded once per cause (`alert_deliveries.key` UNIQUE) with what became of it: delivered, fell back to email, or
 * failed; a second send of the same cause sends nothing.
 */

/** The key browsers subscribe with (the subscribe control's applicationServerKey), or null without push. */
export function pushPublicKey(env: Env): string | null {
  return vapidPublicKey(env);
}

/**
 * The viewer's browser subscribes (or subscribes again, its keys renewed). Only an endpoint on a known push service's
 * host (the Worker sends to it); and an endpoint belongs to the account that subscribed it first until that account
 * unsubscribes it: another account posting it gets a 409 and takes nothing over (the browser then makes a new
 * subscription, push-subscribe.tsx).
 */
export async function subscribePush(env: Env, viewer: Viewer, input: PushSubscriptionInput, now = new Date()) {
  if (!isPushServiceEndpoint(env, input.endpoint)) throw badRequest(ALERTS_COPY.unknownPushService, "endpoint");
  const [kept] = await getDb(env)
    .insert(pushSubscriptions)
    .values({
      id: newId(),
      userId: viewer.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: input.keys.p256dh, auth: input.keys.auth, updatedAt: now },
      setWhere: eq(pushSubscriptions.userId, viewer.id),
    })
    .returning({ id: pushSubscriptions.id });
  if (!kept) throw conflict(ALERTS_COPY.endpointOfAnotherAccount, "endpoint");
  return { subscribed: true };
}

/** The viewer's browser unsubscribes (only their own subscription is removed). */
export async function unsubscribePush(env: Env, viewer: Viewer, endpoint: string) {
  await getDb(env)
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, viewer.id)));
  return { subscribed: false };
}

export type Alert = {
  /** The alert's cause, once ever: e.g. `turn:<queue place>:<call>`. */
  key: string;
  kind: AlertKind;
  userId: string;
  liveSessionId?: string | null;
  push: PushAlert;
  /**
   * The email: sent at once when the fan has no push subscription, else when no push gets through; null when the
   * change sends its own email anyway (a reminder). `url` (a path) is its link when it differs from the push's.
   */
  email: { subject: string; lines: string[]; url?: string; action?: string } | null;
};

/**
 * Sends one alert: claims its key (a second send of the same cause stops here), pushes it to each of the fan's
 * subscriptions (a gone one is deleted), emails it when no push got through or at once when the fan has no
 * subscription, and records the outcome. Never throws: an alert that cannot be sent is recorded `failed` and logged.
 * Returns the outcome, or "already", or "none" (no subscription and no email for this alert: nothing is recorded, the
 * app's own notification and messages remain).
 */
export async function sendAlert(env: Env, alert: Alert, now = new Date()): Promise<AlertOutcome | "already" | "none"> {
  const db = getDb(env);
  try {
    const targets = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, alert.userId));
    if (targets.length === 0 && !alert.email) return "none";
    const [claimed] = await db
      .insert(alertDeliveries)
      .values({
        id: newId(),
        key: alert.key,
        userId: alert.userId,
        kind: alert.kind,
        liveSessionId: alert.liveSessionId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: alertDeliveries.id });
    if (!claimed) return "already";
    const sender = pushSender(env);
    let delivered = false;
    for (const target of targets) {
      const result = await sender.send(target, alert.push);
      if (result === "delivered") delivered = true;
      if (result === "gone") await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
    }
    const emailed = delivered ? false : await emailAlert(env, alert);
    const outcome = delivered ? "delivered" : !emailed ? "failed" : targets.length === 0 ? "emailed" : "fell_back";
    await db.update(alertDeliveries).set({ outcome, updatedAt: new Date() }).where(eq(alertDeliveries.id, claimed.id));
    return outcome;
  } catch (error) {
    log.error("alert.failed", { key: alert.key, error });
    await db
      .update(alertDeliveries)
      .set({ outcome: "failed", updatedAt: new Date() })
      .where(and(eq(alertDeliveries.key, alert.key), eq(alertDeliveries.outcome, "pending")))
      .catch(() => undefined);
    return "failed";
  }
}

/** The alert by email, its key the provider's idempotency key (sent once). False when it could not be sent. */
async function emailAlert(env: Env, alert: Alert): Promise<boolean> {
  const email = alert.email;
  if (!email) return false;
  const user = await getDb(env).select({ email: users.email }).from(users).where(eq(users.id, alert.userId)).get();
  if (!user?.email) return false;
  const url = `${appOrigin(env)}${email.url ?? alert.push.url}`;
  const action = email.action ?? url;
  try {
    await emailSender(env).send(
      {
        to: user.email,
        subject: email.subject,
        text: [...email.lines, `${email.action ? `${email.action}: ` : ""}${url}`].join("\n\n"),
        html: [
          ...email.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
          `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`,
        ].join("\n"),
      },
      { idempotencyKey: `alert:${alert.key}` },
    );
    return true;
  } catch (error) {
    log.warn("alert.email_failed", { key: alert.key, error });
    return false;
  }
}

/**
 * "You're up": the live queue sends it at each call of a fan (their place turned playing next), keyed by the call
 * (`key`: the place and the call's number), so a repeated send of one call sends nothing more and a later call of the
 * same place alerts again. The email carries the one-tap ready link of that call (`readyUrl`) and the time left to
 * confirm, in the live queue's words (`timeLeft`: "2 min").
 */
export function notifyTurn(
  env: Env,
  userId: string,
  turn: {
    key: string;
    liveSessionId: string;
    streamerName: string;
    url: string;
    readyUrl: string;
    /** The time left to confirm, in the live queue's words ("2 min"). */
    timeLeft: string;
  },
  now = new Date(),
) {
  const title = `You're up with ${turn.streamerName}`;
  const body = `You are playing next: confirm you're ready within ${turn.timeLeft}.`;
  return sendAlert(
    env,
    {
      key: turn.key,
      kind: "turn",
      userId,
      liveSessionId: turn.liveSessionId,
      push: { title, body, url: turn.url, tag: `turn-${turn.liveSessionId}` },
      email: { subject: title, lines: [body], url: turn.readyUrl, action: "I'm ready" },
    },
    now,
  );
}

/**
 * The lobby code reached a called party: each fan playing next or in game is told it at once (push, else email), once
 * per code (`key`: the place and the code's time).
 */
export function notifyLobbyCode(
  env: Env,
  userId: string,
  lobby: { key: string; liveSessionId: string; streamerName: string; code: string; url: string },
  now = new Date(),
) {
  const title = `Lobby code from ${lobby.streamerName}: ${lobby.code}`;
  const body = `Join the lobby with the code ${lobby.code}.`;
  return sendAlert(
    env,
    {
      key: lobby.key,
      kind: "turn",
      userId,
      liveSessionId: lobby.liveSessionId,
      push: { title, body, url: lobby.url, tag: `lobby-${lobby.liveSessionId}` },
      email: { subject: title, lines: [body] },
    },
    now,
  );
}

/** The alerts of a live session, oldest first (for a batch: the queue's snapshot reads it with the queue). */
export function sessionAlertsQuery(db: Db, liveSessionId: string) {
  return db
    .select({ userId: alertDeliveries.userId, outcome: alertDeliveries.outcome })
    .from(alertDeliveries)
    .where(eq(alertDeliveries.liveSessionId, liveSessionId))
    .orderBy(sql`${alertDeliveries.createdAt} ASC`);
}

/** Each fan's latest alert outcome, from `sessionAlertsQuery`'s rows. */
export function alertOutcomesOf(rows: readonly { userId: string; outcome: AlertOutcome }[]): Map<string, AlertOutcome> {
  return new Map(rows.map((row) => [row.userId, row.outcome]));
}

/**
 * What became of the alerts of a live session, per fan (their latest alert's outcome), for the queue dashboard: the
 * session's streamer (or staff who may read their business) only.
 */
export async function sessionAlertOutcomes(
  env: Env,
  viewer: Viewer | null,
  liveSessionId: string,
): Promise<Map<string, AlertOutcome>> {
  const db = getDb(env);
  const session = await db
    .select({ streamerId: liveSessions.streamerId })
    .from(liveSessions)
    .where(eq(liveSessions.id, liveSessionId))
    .get();
  if (!session) throw notFound("Live session not found");
  assertReadBusiness(viewer, session.streamerId);
  return alertOutcomesOf(await sessionAlertsQuery(db, liveSessionId));
}
