import { LIVE_COPY, ReadyLinkPage, readyLinkSchema } from "~/features/live";
import { readyLinkOf, readyLinkState, sendLiveCommand } from "~/features/live/index.server";
import { livePath } from "~/lib/paths.server";
import { cloudflareContext } from "~/platform/context";
import { orErrorPage } from "~/routes/_lib/form.server";
import type { PageFormReply } from "~/routes/_lib/page-action.server";
import { anyone, pageAction } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/live-ready";

export const meta = () => [{ title: "You're up | Noobrd" }, { name: "robots", content: "noindex" }];

/**
 * /live/:id/ready?e=&d=&sig=: the one-tap ready link of a called fan's alert email (docs/domain.md "Ready check").
 * Opening it only shows the countdown and the button (a mail scanner that follows the link confirms nothing); the
 * button's POST confirms, through the session's object. No sign-in: the signed link is the proof, for that call only.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const liveSessionId = params.id ?? "";
  const query = new URL(request.url).searchParams;
  const state = await orErrorPage(readyLinkState(env, readyLinkOf(liveSessionId, query)));
  return {
    ...state,
    liveHref: livePath(liveSessionId),
    link: { e: query.get("e") ?? "", d: query.get("d") ?? "", sig: query.get("sig") ?? "" },
  };
}

export const action = pageAction({
  guard: anyone,
  intents: {
    ready: {
      schema: readyLinkSchema,
      run: (link, { env, params }) =>
        sendLiveCommand(env, params.id ?? "", {
          type: "readyLink",
          link: { entryId: link.e, deadline: link.d, sig: link.sig },
        }),
      success: (_, { params, formData }) => ({
        to: `${livePath(params.id ?? "", "ready")}?${new URLSearchParams({
          e: String(formData.get("e")),
          d: String(formData.get("d")),
          sig: String(formData.get("sig")),
        })}`,
        message: LIVE_COPY.readyConfirmed,
      }),
    },
  },
  otherwise: "ready",
});

export default function LiveReady({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as PageFormReply | undefined;
  const error = reply?.result?.error ? (Object.values(reply.result.error).flat()[0] ?? null) : null;
  return <ReadyLinkPage view={{ ...loaderData, error }} />;
}
