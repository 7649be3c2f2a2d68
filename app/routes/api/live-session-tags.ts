import { liveSessionTagsOf } from "~/features/catalogue/api.server";
import type { Route } from "./+types/live-session-tags";

/** GET /api/get/liveSessionTags/:id */
export function loader(args: Route.LoaderArgs) {
  return liveSessionTagsOf(args, args.params.id);
}
