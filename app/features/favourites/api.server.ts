import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { getViewer } from "~/features/auth/session.server";
import { gameJson, gigJson, starJson } from "~/features/catalogue/api-shape";
import { catalogueRequest } from "~/features/catalogue/request.server";
import { displayCurrency } from "~/features/currency/currency";
import { getUsdInrRate } from "~/features/currency/rates.server";
import { assertSameOrigin, envOf, jsonError, readBody } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { addFavourite, listFavourites, removeFavourite } from "./favourites.server";
import { type FavouriteKind, favouriteToast } from "./kinds";
import { favouriteApiSchema, favouriteFormSchema } from "./schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function firstMessage(issues: { message: string }[]): string {
  return issues[0]?.message ?? "Invalid request";
}

/**
 * POST /api/save_favoriteGig, save_favoriteStars, save_favoriteGames, delete_favGigs, delete_favStars,
 * delete_favGames with { id }: same-origin only, 401 when not logged in; answers the SPEC.md toast text.
 */
export async function favouriteApi({ request, context }: Args, kind: FavouriteKind, intent: "add" | "remove") {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  assertSameOrigin(request);
  const env = envOf(context);
  const viewer = await getViewer(request, env);
  if (!viewer) return jsonError(401, "Not logged in");
  const body = await readBody(request);
  if (!body) return jsonError(400, "The request body must be JSON or form data");
  const input = favouriteApiSchema.safeParse(body);
  if (!input.success) return jsonError(400, firstMessage(input.error.issues));
  const outcome =
    intent === "add"
      ? await addFavourite(env, viewer.id, kind, input.data.id)
      : await removeFavourite(env, viewer.id, kind, input.data.id);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  const toast = favouriteToast(kind, intent === "add");
  return Response.json({ success: true, message: toast.message, toast, isFavorite: intent === "add" });
}

/** GET /api/get_allfavorites: the viewer's favourite gigs, stars and games. */
export async function allFavouritesApi({ request, context }: Args) {
  const req = await catalogueRequest(request, context);
  if (!req.viewer) return jsonError(401, "Not logged in");
  const [lists, rate] = await Promise.all([listFavourites(req.db, req.viewer.id), getUsdInrRate(req.env)]);
  const currency = displayCurrency(req.currencyCode, rate?.rateMicros ?? null);
  return Response.json({
    success: true,
    data: {
      gigs: lists.gigs.map((gig) => gigJson(gig, currency)),
      stars: lists.stars.map(starJson),
      games: lists.games.map((game) => gameJson(game)),
    },
  });
}

/**
 * POST /favourites: the favourite button without JavaScript. Applies at once and goes back to the page
 * with the toast; anonymous visitors go to /login and come back to the page afterwards.
 */
export async function favouriteFormAction({ request, context }: Args) {
  assertSameOrigin(request);
  const env = envOf(context);
  const form = await request.formData().catch(() => null);
  if (!form) return new Response("The request body must be form data", { status: 400 });
  const input = favouriteFormSchema.safeParse(Object.fromEntries(form));
  const back = input.success ? (input.data.redirectTo ?? "/") : "/";
  const viewer = await getViewer(request, env);
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  if (!input.success) return new Response(firstMessage(input.error.issues), { status: 400 });
  const { kind, id, intent } = input.data;
  const outcome =
    intent === "add" ? await addFavourite(env, viewer.id, kind, id) : await removeFavourite(env, viewer.id, kind, id);
  if (!outcome.ok) return redirectWithToast(env, back, { kind: "error", message: outcome.message });
  return redirectWithToast(env, back, favouriteToast(kind, intent === "add"));
}
