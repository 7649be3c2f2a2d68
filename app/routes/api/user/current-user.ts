import { userJson } from "~/features/profile";
import { getProfile } from "~/features/profile/index.server";
import { envOf, jsonError } from "~/platform/http.server";
import { requireApiUser } from "~/routes/_lib/guards.server";
import type { Route } from "./+types/current-user";

/** GET /api/current_user */
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = envOf(context);
  const viewer = await requireApiUser(request, env);
  const profile = await getProfile(env, viewer.id);
  if (!profile) return jsonError(404, "User not found");
  return Response.json({ success: true, user: userJson({ ...viewer, ...profile }) });
}
