import { data, isRouteErrorResponse, redirectDocument } from "react-router";
import { pushPublicKey } from "~/features/alerts/index.server";
import { catalogueRequest } from "~/features/catalogue/index.server";
import { getLegalDocument } from "~/features/content/index.server";
import { displayCurrency } from "~/features/currency";
import { getUsdInrRate } from "~/features/currency/index.server";
import { LIVE_COPY, LiveRoom, pageJoinSchema, vipJoinSchema } from "~/features/live";
import { liveRoom, sendLiveCommand, startVipCheckout } from "~/features/live/index.server";
import { passUsesWith } from "~/features/passes/index.server";
import { walletBalance } from "~/features/wallet/index.server";
import { COPY } from "~/lib/copy";
import { type AppError, badRequest } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { liveDashboardPath, livePath, streamerPath } from "~/lib/paths.server";
import { z } from "~/lib/zod";
import { getDb } from "~/platform/db.server";
import { publicOrigin } from "~/platform/http.server";
import { settle } from "~/routes/_lib/form.server";
import { pageAction, says, signedInBackTo } from "~/routes/_lib/page-action.server";
import type { Route } from "./+types/live";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData?.session ? `${loaderData.session.title} (live) | Noobrd` : "Live session | Noobrd" },
];

/** /live/:id: the stream, the session, both queues' counts and the viewer's own place. A refresh gives the same truth as the socket. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const req = await catalogueRequest(request, context);
  const found = await settle(liveRoom(req.env, req.viewer, params.id ?? ""));
  if (!found.ok && found.error.status === 404)
    throw data(LIVE_COPY.notFound, { status: 404, statusText: "Live session not found" });
  if (!found.ok) throw found.error;
  const room = found.value;
  const [rate, terms, balance, pass] = await Promise.all([
    getUsdInrRate(req.env),
    getLegalDocument(req.env, "vipQueueTermsAndConditions"),
    req.viewer ? walletBalance(getDb(req.env), req.viewer.id, req.currencyCode) : Promise.resolve(null),
    req.viewer ? passUsesWith(getDb(req.env), req.viewer.id, room.session.streamerId, new Date()) : null,
  ]);
  const display = displayCurrency(req.currencyCode, rate?.rateMicros, rate?.fetchedAt);
  return {
    ...room,
    // The price this viewer pays for a VIP place (app/lib/money.ts priceIn), as checkout will charge it.
    vipPrice: formatPrice({ amountMinor: room.session.listPriceMinor, currency: room.session.baseCurrency }, display),
    walletCurrency: req.currencyCode,
    viewer: req.viewer
      ? { id: req.viewer.id, isOwner: req.viewer.id === room.session.streamerId, email: room.viewerEmail }
      : null,
    walletMinor: balance,
    passUses: pass?.uses ?? 0,
    terms: { title: terms?.title ?? "VIP Queue Terms and Conditions", keyPoints: terms?.keyPoints ?? [] },
    pushKey: req.viewer ? pushPublicKey(req.env) : null,
    links: {
      streamer: streamerPath(room.session.streamerId),
      login: `/login?redirectTo=${encodeURIComponent(livePath(room.session.id))}`,
      dashboard: liveDashboardPath(room.session.id),
    },
  };
}

/** A refusal, and the gamer tag as the fan sent it (the form shows it again, an empty one empty). */
type Reply = { error: string | null; field?: string; gamertag?: string };

/**
 * Join regular, join VIP (terms accepted; wallet now, or card through Stripe), each with the gamer tag for the
 * session's platform; confirm the ready check once called; leave. Through the session's object.
 */
const livePage = ({ params }: { params: Readonly<Record<string, string>> }) => livePath(params.id ?? "");
/** Either lane asks for the gamer tag: required here, before any payment; a missing one is said on its field. */
const tagMissing = ({ formData }: { formData: FormData }, message: string | undefined) =>
  says(message ?? LIVE_COPY.gamertagRequired, 400, {
    field: "gamertag",
    gamertag: String(formData.get("gamertag") ?? ""),
  });
const refused = (error: AppError) => says(error.message, error.status);
const entrySchema = z.object({ entryId: z.string().optional() });

export const action = pageAction({
  guard: signedInBackTo(livePage),
  intents: {
    joinRegular: {
      schema: pageJoinSchema,
      plain: true,
      run: ({ gamertag }, { env, viewer, params }) =>
        sendLiveCommand(env, params.id ?? "", { type: "joinRegular", viewer, gamertag }),
      success: (_, page) => ({ to: livePage(page), message: LIVE_COPY.regularJoined }),
      invalid: tagMissing,
      refused,
    },
    joinVip: {
      schema: pageJoinSchema,
      plain: true,
      run: async ({ gamertag }, { env, viewer, params, formData, request }) => {
        const id = params.id ?? "";
        const parsed = vipJoinSchema.safeParse({ ...Object.fromEntries(formData), liveSessionId: id });
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? LIVE_COPY.termsRequired);
        if (parsed.data.paymentMethod !== "card") {
          // The wallet, or a VIP pass's place (docs/decisions/032): no payment now.
          const type = parsed.data.paymentMethod === "pass" ? "joinVipPass" : "joinVipWallet";
          await sendLiveCommand(env, id, { type, viewer, gamertag });
          return null;
        }
        return startVipCheckout(env, viewer, { liveSessionId: id, gamertag }, publicOrigin(request, env));
      },
      success: (checkout: { url: string } | null, page) =>
        checkout ? redirectDocument(checkout.url) : { to: livePage(page), message: LIVE_COPY.vipJoined },
      invalid: tagMissing,
      refused,
    },
    ready: {
      schema: entrySchema,
      plain: true,
      run: ({ entryId }, { env, viewer, params }) =>
        sendLiveCommand(env, params.id ?? "", { type: "ready", viewer, entryId: entryId ?? "" }),
      success: (_, page) => ({ to: livePage(page), message: LIVE_COPY.readyConfirmed }),
      refused,
    },
    leave: {
      schema: entrySchema,
      plain: true,
      run: ({ entryId }, { env, viewer, params }) =>
        sendLiveCommand(env, params.id ?? "", { type: "leave", viewer, entryId: entryId ?? "" }),
      success: (_, page) => ({ to: livePage(page), message: LIVE_COPY.left, kind: "info" as const }),
      refused,
    },
  },
});

export default function LivePage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as Reply | undefined;
  return <LiveRoom {...loaderData} gamertag={reply?.gamertag ?? loaderData.gamertag} error={reply?.error ?? null} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return (
      <main className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="mb-3 text-3xl font-bold">Something went wrong</h1>
        <p className="text-zinc-400">{COPY.generic}</p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">Live session not found</h1>
      <p className="text-zinc-400">
        This live session does not exist. It may have been removed, or the link may be wrong.
      </p>
    </main>
  );
}
