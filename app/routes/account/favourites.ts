import { redirect } from "react-router";
import { favouriteFormSchema } from "~/features/favourites";
import { setFavourite } from "~/features/favourites/index.server";
import { assertSameOrigin } from "~/platform/http.server";
import { pageAction, signedInBackTo } from "~/routes/_lib/page-action.server";

/**
 * POST /favourites: the favourite button without JavaScript. Applies at once and goes back to the page
 * with the toast; anonymous visitors go to /login and come back to the page afterwards.
 */
/** Back to the page the button was on (a safe path the form carried), else home. */
const backOf = (formData: FormData) => {
  const input = favouriteFormSchema.safeParse(Object.fromEntries(formData));
  return input.success ? (input.data.redirectTo ?? "/") : "/";
};

export const action = pageAction({
  guard: ({ request, ...page }) => {
    assertSameOrigin(request);
    return signedInBackTo(({ formData }) => backOf(formData))({ request, ...page });
  },
  intents: {
    favourite: {
      schema: favouriteFormSchema,
      plain: true,
      run: ({ kind, id, intent }, { env, viewer }) => setFavourite(env, viewer.id, kind, id, intent === "add"),
      success: (toast, { formData }) => ({ to: backOf(formData), ...toast }),
      invalid: (_, message) => new Response(message ?? "Invalid request", { status: 400 }),
      refused: (error, { formData }) => ({ to: backOf(formData), message: error.message, kind: "error" as const }),
    },
  },
  otherwise: "favourite",
});

/** The favourites themselves are browsed on /browse with "Favourites only". */
export function loader() {
  return redirect("/browse?isFavClicked=true");
}
