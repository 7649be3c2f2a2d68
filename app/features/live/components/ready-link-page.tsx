import { Form, Link } from "react-router";
import { LIVE_COPY } from "../copy";
import { Countdown } from "./ready-check";

/** A 44 px tap target. */
const target = "min-h-11 rounded-lg px-5 text-base font-semibold";

export type ReadyLinkView = {
  /** The live session's page (built by the page's loader). */
  liveHref: string;
  state: "pending" | "confirmed" | "over";
  deadline: number;
  title: string;
  streamerName: string;
  /** The link's own fields, posted back by the button. */
  link: { e: string; d: string; sig: string };
  error: string | null;
};

/**
 * The page of a called fan's one-tap ready link (the alert email's "I'm ready"): the countdown and one button, a plain
 * form that works without JavaScript and without signing in. Confirmed or over, it says so and links to the session.
 */
export function ReadyLinkPage({ view }: { view: ReadyLinkView }) {
  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 px-4 py-10" data-testid="ready-link-page">
      <h1 className="text-2xl font-bold">You're up with {view.streamerName}</h1>
      <p className="text-zinc-300">{view.title}</p>
      {view.error ? (
        <p role="alert" className="rounded-lg border border-red-600 px-3 py-2 text-sm">
          {view.error}
        </p>
      ) : null}
      {view.state === "pending" ? (
        <Form method="post" className="flex flex-col gap-3">
          <p className="text-lg" role="status">
            Confirm within <Countdown deadline={view.deadline} testId="ready-link-countdown" />, or your turn passes.
          </p>
          <input type="hidden" name="e" value={view.link.e} />
          <input type="hidden" name="d" value={view.link.d} />
          <input type="hidden" name="sig" value={view.link.sig} />
          <button type="submit" className={`${target} bg-amber-500 text-ink-950`}>
            I'm ready
          </button>
        </Form>
      ) : (
        <p role="status" data-testid="ready-link-state" className="rounded-lg border border-ink-700 px-3 py-2">
          {view.state === "confirmed" ? LIVE_COPY.readyConfirmed : LIVE_COPY.readyLinkUsed}
        </p>
      )}
      <Link to={view.liveHref} className="text-brand-300 underline">
        Open the live session
      </Link>
    </main>
  );
}
