import { redirectDocument } from "react-router";
import type { Viewer } from "~/features/access";
import { buyPackSchema, PACKS_COPY } from "~/features/packs";
import { type BoughtPack, buyPack } from "~/features/packs/index.server";
import { gigPath } from "~/lib/paths.server";
import type { z } from "~/lib/zod";
import { publicOrigin } from "~/platform/http.server";
import type { PageContext } from "~/routes/_lib/page-action.server";

const backToBooking = ({ params }: PageContext<Viewer>) => `${gigPath(params.id ?? "")}#booking`;

/**
 * The gig page's "Buy pack" form (a plain POST with intent `buy-pack`, "Pay with" card or wallet), as a `pageAction`
 * intent: buys through the packs use case. From the wallet, back to the gig's booking form with a toast saying what
 * happened or why not; by card, on to Stripe's checkout page (a document navigation: not a route of this app), whose
 * success page says what was bought (docs/decisions/040). Works without JavaScript.
 */
export const buyPackIntent = {
  schema: buyPackSchema,
  run: (value: z.output<typeof buyPackSchema>, { env, viewer, params, request }: PageContext<Viewer>) =>
    buyPack(env, viewer, params.id ?? "", value, { origin: publicOrigin(request, env) }),
  success: (bought: BoughtPack, page: PageContext<Viewer>) =>
    bought.checkoutUrl
      ? redirectDocument(bought.checkoutUrl, 303)
      : { to: backToBooking(page), message: PACKS_COPY.bought },
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
