import { redirectDocument } from "react-router";
import type { Viewer } from "~/features/access";
import { buyPackSchema } from "~/features/packs";
import { PASSES_COPY } from "~/features/passes";
import { type BoughtPass, buyPass } from "~/features/passes/index.server";
import { streamerPath } from "~/lib/paths.server";
import type { z } from "~/lib/zod";
import { publicOrigin } from "~/platform/http.server";
import type { PageContext } from "~/routes/_lib/page-action.server";

const backToPass = ({ params }: PageContext<Viewer>) => `${streamerPath(params.id ?? "")}#pass-title`;

/**
 * The star page's "Buy VIP pass" form (a plain POST with intent `buy-pass`, "Pay with" card or wallet), as a
 * `pageAction` intent: buys through the passes use case. From the wallet, back to the pass with a toast saying what
 * happened or why not; by card, on to Stripe's checkout page, whose success page says what was bought
 * (docs/decisions/040). Works without JavaScript.
 */
export const buyPassIntent = {
  schema: buyPackSchema,
  plain: true as const,
  run: (value: z.output<typeof buyPackSchema>, { env, viewer, params, request }: PageContext<Viewer>) =>
    buyPass(env, viewer, params.id ?? "", value, { origin: publicOrigin(request, env) }),
  success: (bought: BoughtPass, page: PageContext<Viewer>) =>
    bought.checkoutUrl
      ? redirectDocument(bought.checkoutUrl, 303)
      : { to: backToPass(page), message: PASSES_COPY.bought },
  invalid: (page: PageContext<Viewer>, message: string | undefined) => ({
    to: backToPass(page),
    message: message ?? PASSES_COPY.buyFailed,
    kind: "error" as const,
  }),
  refused: (error: { message: string }, page: PageContext<Viewer>) => ({
    to: backToPass(page),
    message: error.message,
    kind: "error" as const,
  }),
};
