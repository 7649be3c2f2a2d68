import { regenerateMyCalendarFeed } from "~/features/calendar-feed/index.server";
import { FEED_COPY } from "~/features/feeds";
import { safeReturnPath } from "~/lib/return-path";
import { assertSameOrigin, envOf, publicOrigin } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";
import { requireUser } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/calendar-feed-regenerate";

/** POST /calendar-feed/regenerate: a plain form (works without JavaScript); back to where it was posted from. */
export async function action({ request, context }: Route.ActionArgs) {
  const env = envOf(context);
  assertSameOrigin(request);
  const viewer = await requireUser(request, env);
  const form = await request.formData();
  const back = safeReturnPath(form.get("returnTo")) ?? "/profile";
  const made = await settle(regenerateMyCalendarFeed(env, viewer, publicOrigin(request, env)));
  if (!made.ok) return redirectWithToast(env, back, { kind: "error", message: made.error.message });
  return redirectWithToast(env, `${back.split("#")[0]}#calendar-feed`, {
    kind: "success",
    message: FEED_COPY.calendarRegenerated,
  });
}

export function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}
