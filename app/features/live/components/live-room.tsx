import { useState } from "react";
import { Form, Link } from "react-router";
import { PushSubscribe } from "~/features/alerts";
import { type CurrencyCode, formatMoney, money } from "~/lib/money";
import { inputClass } from "~/lib/ui/field";
import { usePartySocket } from "~/lib/ui/use-party-socket";
import { LIVE_EVENTS, type NoticePayload, type PublicQueuePayload, type UpdateUserPayload } from "../events";
import { readySecondsText } from "../ready-check";
import type { LiveSessionView } from "../sessions.server";
import { CalledBanner, MyEnding, MyPlace } from "./my-place";
import { PublicQueueList } from "./public-queue-list";
import { MissedNotice } from "./ready-check";

const button = "rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-40";

/** The gamer tag both join forms ask for: the session's platform named, prefilled from the fan's saved tags. */
function GamertagField({ id, platform, value }: { id: string; platform: string; value: string | null }) {
  return (
    <label htmlFor={id} className="flex flex-col gap-1 text-sm">
      Your gamer tag on {platform}
      <input
        id={id}
        name="gamertag"
        required
        maxLength={64}
        defaultValue={value ?? ""}
        autoComplete="nickname"
        className={inputClass}
      />
    </label>
  );
}

/** The embed for a normalised streaming link (YouTube embed or Twitch player), or nothing. */
function StreamEmbed({ link, title }: { link: string | null; title: string }) {
  if (!link) return null;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-black">
      <iframe
        src={link}
        title={`Stream: ${title}`}
        className="h-full w-full"
        allowFullScreen
        allow="autoplay; encrypted-media"
      />
    </div>
  );
}

/**
 * /live/:id for fans: the stream, the session, the two queues' counts and the fan's own place (lane, position,
 * estimated wait, lobby code when playing next or in game). Joining and leaving are plain forms; with
 * JavaScript the counts and the place follow the session's socket (updateUserLiveSession) and notices
 * (messageNotificationUserLiveSession) appear without reloading.
 */
export function LiveRoom({
  session,
  queue,
  vipPrice,
  viewer,
  walletMinor,
  walletCurrency,
  passUses = 0,
  terms,
  gamertag,
  publicQueue,
  pushKey,
  readySeconds,
  error,
  links,
}: {
  session: LiveSessionView;
  queue: UpdateUserPayload;
  vipPrice: string;
  viewer: { id: string; isOwner: boolean; email: string | null } | null;
  walletMinor: number | null;
  walletCurrency: CurrencyCode;
  /** The VIP places the fan's passes for this streamer hold now (0: none; docs/decisions/032). */
  passUses?: number;
  terms: { title: string; keyPoints: string[] };
  gamertag: string | null;
  publicQueue: PublicQueuePayload;
  /** The key this browser subscribes to web push with, or null without push. */
  pushKey: string | null;
  readySeconds: number;
  error: string | null;
  /** The room's links, built by the page's loader: the streamer's page, sign-in and back, the streamer's dashboard. */
  links: { streamer: string; login: string; dashboard: string };
}) {
  const [live, setLive] = useState<UpdateUserPayload | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [livePublic, setLivePublic] = useState<PublicQueuePayload | null>(null);
  const { connected, connection } = usePartySocket("live-session", session.id, (frame) => {
    if (frame.event === LIVE_EVENTS.updateUser) setLive(frame.data as UpdateUserPayload);
    if (frame.event === LIVE_EVENTS.notice) setNotice((frame.data as NoticePayload).message);
    if (frame.event === LIVE_EVENTS.publicQueue) setLivePublic(frame.data as PublicQueuePayload);
  });
  const current = connected && live ? live : queue;
  const place = current.place;
  const ended = current.ended;
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10" data-connected={connected ? "" : undefined}>
      <CalledBanner place={place} connection={connected ? connection : null} />
      <header>
        <p className="text-xs uppercase tracking-wide text-red-400">{ended ? "Ended" : "Live now"}</p>
        <h1 className="text-3xl font-bold">{session.title}</h1>
        <p className="text-sm text-zinc-400">
          with{" "}
          <Link to={links.streamer} className="text-brand-400">
            {session.streamerName || session.streamerUsername}
          </Link>
        </p>
      </header>
      <StreamEmbed link={session.isStreaming ? session.streamingLink : null} title={session.title} />
      {!session.isStreaming && (session.bannerUrl || session.thumbnailUrl) ? (
        <img
          src={session.bannerUrl ?? session.thumbnailUrl ?? ""}
          alt=""
          className="aspect-video w-full rounded-xl object-cover"
        />
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-label="Session" className="flex flex-col gap-2 text-sm">
          <p>
            <span className="text-zinc-400">Game:</span> {session.gameName} · {session.modeName} (
            {session.playersPerGame} players, {session.durationMinutes} min)
          </p>
          <p>
            <span className="text-zinc-400">Platform:</span> {session.platformName}
          </p>
          {session.tags.length ? (
            <p className="flex flex-wrap gap-2">
              {session.tags.map((tag) => (
                <span key={tag} className="rounded-full bg-ink-700 px-2 py-0.5">
                  #{tag}
                </span>
              ))}
            </p>
          ) : null}
          {session.requirements.length ? (
            <ul className="list-disc pl-5">
              {session.requirements.map((row) => (
                <li key={row.key}>
                  {row.key}: {row.value}
                </li>
              ))}
            </ul>
          ) : null}
          {session.description ? <p className="text-zinc-300">{session.description}</p> : null}
        </section>
        <section aria-label="Queues" className="flex flex-col gap-3 rounded-xl border border-ink-700 bg-ink-900 p-4">
          <p className="flex gap-6 text-sm" data-testid="queue-counts">
            <span>
              VIP queue: <strong data-testid="vip-count">{current.counts.vip}</strong>
            </span>
            <span>
              Regular queue: <strong data-testid="regular-count">{current.counts.regular}</strong>
            </span>
          </p>
          <p className="text-sm">
            VIP place: <strong data-testid="vip-price">{vipPrice}</strong>
          </p>
          {notice ? (
            <p role="status" className="rounded-lg bg-brand-900/60 px-3 py-2 text-sm">
              {notice}
            </p>
          ) : null}
          <MissedNotice history={current.history} />
          {error ? (
            <p role="alert" className="text-sm text-red-400">
              {error}
            </p>
          ) : null}
          {place ? (
            <MyPlace place={place} />
          ) : ended ? (
            <MyEnding ending={current.ending} />
          ) : !viewer ? (
            <Link to={links.login} className={`${button} self-start bg-brand-600`}>
              Log in to join the queue
            </Link>
          ) : viewer.isOwner ? (
            <Link to={links.dashboard} className={`${button} self-start bg-brand-600`}>
              Queue Dashboard
            </Link>
          ) : (
            <div className="flex flex-col gap-4">
              <Form method="post" className="flex flex-col gap-2">
                <GamertagField id="gamertag-regular" platform={session.platformName} value={gamertag} />
                <button type="submit" name="intent" value="joinRegular" className={`${button} self-start bg-brand-600`}>
                  Join regular queue (free)
                </button>
              </Form>
              <Form method="post" className="flex flex-col gap-2 rounded-lg border border-amber-700/60 p-3">
                <GamertagField id="gamertag-vip" platform={session.platformName} value={gamertag} />
                <details className="text-sm">
                  <summary className="cursor-pointer">{terms.title}</summary>
                  <ul className="mt-2 list-disc pl-5 text-zinc-300">
                    {terms.keyPoints.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                </details>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="acceptTerms" value="true" required />I accept the VIP Queue Terms
                </label>
                <fieldset className="flex flex-wrap gap-4 text-sm">
                  <legend className="sr-only">Pay with</legend>
                  {passUses > 0 ? (
                    <label className="flex min-h-11 items-center gap-2">
                      <input type="radio" name="paymentMethod" value="pass" defaultChecked /> VIP pass ({passUses}{" "}
                      {passUses === 1 ? "place" : "places"} left)
                    </label>
                  ) : null}
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="paymentMethod" value="card" defaultChecked={passUses === 0} /> Card
                  </label>
                  <label className="flex min-h-11 items-center gap-2">
                    <input type="radio" name="paymentMethod" value="wallet" /> Wallet
                    {walletMinor !== null ? ` (${formatMoney(money(walletMinor, walletCurrency))})` : ""}
                  </label>
                </fieldset>
                <button
                  type="submit"
                  name="intent"
                  value="joinVip"
                  className={`${button} self-start bg-amber-600 text-ink-950`}
                >
                  Join VIP queue ({vipPrice})
                </button>
              </Form>
            </div>
          )}
          {viewer && !viewer.isOwner && !ended && (!place || place.state === "waiting") ? (
            <p className="text-sm text-zinc-300" data-testid="how-told">
              When the streamer calls you, you have {readySecondsText(readySeconds)} to confirm you're ready, even with
              this page closed.{" "}
              {viewer.email
                ? `We'll email you at ${viewer.email} with a one-tap "I'm ready" link`
                : "We'll tell you here"}
              ; turn on alerts on this device for a faster ping.
            </p>
          ) : null}
          {viewer && !viewer.isOwner && !ended ? (
            <PushSubscribe
              vapidPublicKey={pushKey}
              context="Get an alert on this device when it's your turn, even with this page closed."
            />
          ) : null}
        </section>
      </div>
      <PublicQueueList view={connected && livePublic ? livePublic : publicQueue} />
    </main>
  );
}
