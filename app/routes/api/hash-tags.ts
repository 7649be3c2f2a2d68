import { hashTags } from "~/features/catalogue/api.server";
import type { Route } from "./+types/hash-tags";

/** GET /api/get-hash-tags */
export function loader(args: Route.LoaderArgs) {
  return hashTags(args);
}
