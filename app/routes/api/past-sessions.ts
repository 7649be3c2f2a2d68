import { starSessions } from "~/features/catalogue/api.server";
import type { Route } from "./+types/past-sessions";

/** GET /api/get/pastsessions/:userId (a star's past sessions, newest first) */
export function loader(args: Route.LoaderArgs) {
  return starSessions(args, args.params.userId, "past");
}
