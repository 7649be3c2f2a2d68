import { redirect } from "react-router";
import { getViewer } from "~/features/auth/index.server";
import { favouriteFormSchema } from "~/features/favourites";
import { setFavourite } from "~/features/favourites/index.server";
import { firstIssue } from "~/lib/validation";
import { assertSameOrigin, envOf } from "~/platform/http.server";
import { redirectWithToast } from "~/platform/toast.server";
import { settle } from "~/routes/_lib/form.server";
import type { Route } from "./+types/favourites";

/**
 * POST /favourites: the favourite button without JavaScript. Applies at once and goes back to the page
 * with the toast; anonymous visitors go to /login and come back to the page afterwards.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const env = envOf(context);
  const form = await request.formData().catch(() => null);
  if (!form) return new Response("The request body must be form data", { status: 400 });
  const input = favouriteFormSchema.safeParse(Object.fromEntries(form));
  const back = input.success ? (input.data.redirectTo ?? "/") : "/";
  const viewer = await getViewer(request, env);
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
  if (!input.success) return new Response(firstIssue(input.error), { status: 400 });
  const { kind, id, intent } = input.data;
  const set = await settle(setFavourite(env, viewer.id, kind, id, intent === "add"));
  return redirectWithToast(env, back, set.ok ? set.value : { kind: "error", message: set.error.message });
}

/** The favourites themselves are browsed on /browse with "Favourites only". */
export function loader() {
  return redirect("/browse?isFavClicked=true");
}
