import type { Viewer } from "~/features/access";
import { buyPackSchema, PACKS_COPY } from "~/features/packs";
import { buyPack } from "~/features/packs/index.server";
import { gigPath } from "~/lib/paths.server";
import type { z } from "~/lib/zod";
import type { PageContext } from "~/routes/_lib/page-action.server";

const backToBooking = ({ params }: PageContext<Viewer>) => `${gigPath(params.id ?? "")}#booking`;

/**
 * The gig page's "Buy pack" form (a plain POST with intent `buy-pack`), as a `pageAction` intent: buys through the
 * packs use case, then back to the gig's booking form with a toast saying what happened or why not (works without
 * JavaScript).
 */
export const buyPackIntent = {
  schema: buyPackSchema,
  run: (value: z.output<typeof buyPackSchema>, { env, viewer, params }: PageContext<Viewer>) =>
    buyPack(env, viewer, params.id ?? "", value),
  success: (_: unknown, page: PageContext<Viewer>) => ({ to: backToBooking(page), message: PACKS_COPY.bought }),
  invalid: (page: PageContext<Viewer>, message: string | undefined) => ({
    to: backToBooking(page),
    message: message ?? PACKS_COPY.buyFailed,
    kind: "error" as const,
  }),
  refused: (error: { message: string }, page: PageContext<Viewer>) => ({
    to: backToBooking(page),
    message: error.message,
    kind: "error" as const,
  }),
};
