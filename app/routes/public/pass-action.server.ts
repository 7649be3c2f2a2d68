import type { Viewer } from "~/features/access";
import { PASSES_COPY } from "~/features/passes";
import { buyPassWithWallet } from "~/features/passes/index.server";
import { streamerPath } from "~/lib/paths.server";
import { z } from "~/lib/zod";
import type { PageContext } from "~/routes/_lib/page-action.server";

const backToPass = ({ params }: PageContext<Viewer>) => `${streamerPath(params.id ?? "")}#pass-title`;

/**
 * The star page's "Buy VIP pass" form (a plain POST with intent `buy-pass`), as a `pageAction` intent: buys through
 * the passes use case, then back to the pass with a toast saying what happened or why not (works without
 * JavaScript).
 */
export const buyPassIntent = {
  schema: z.object({}),
  plain: true as const,
  run: (_: unknown, { env, viewer, params }: PageContext<Viewer>) => buyPassWithWallet(env, viewer, params.id ?? ""),
  success: (_: unknown, page: PageContext<Viewer>) => ({ to: backToPass(page), message: PASSES_COPY.bought }),
  refused: (error: { message: string }, page: PageContext<Viewer>) => ({
    to: backToPass(page),
    message: error.message,
    kind: "error" as const,
  }),
};
