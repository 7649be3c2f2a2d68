import { gameJson, gigJson, streamerJson } from "~/features/catalogue";
import { catalogueRequest, listFavourites } from "~/features/catalogue/index.server";
import { displayCurrency } from "~/features/currency";
import { getUsdInrRate } from "~/features/currency/index.server";
import { jsonLoader } from "./_lib/json-action.server";

/** GET /api/get_allfavorites (401 when not logged in): the viewer's favourite gigs, stars and games. */
export const loader = jsonLoader({ auth: true }, async ({ request, context, viewer }) => {
  const req = await catalogueRequest(request, context);
  const [lists, rate] = await Promise.all([listFavourites(req.db, viewer.id), getUsdInrRate(req.env)]);
  const currency = displayCurrency(req.currencyCode, rate?.rateMicros, rate?.fetchedAt);
  return {
    data: {
      gigs: lists.gigs.map((gig) => gigJson(gig, currency)),
      stars: lists.streamers.map(streamerJson),
      games: lists.games.map((game) => gameJson(game)),
    },
  };
});
