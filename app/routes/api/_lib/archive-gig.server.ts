import { GIG_COPY } from "~/features/gigs";
import { setGigArchived } from "~/features/gigs/index.server";
import { jsonAction } from "./json-action.server";

/** POST /api/post/influencer/archive-gig/:id and unarchive-gig/:id share this door. */
export function archiveAction(archived: boolean) {
  return jsonAction({ auth: true }, async ({ env, params, viewer }) => {
    await setGigArchived(env, viewer, params.id ?? "", archived);
    return { message: archived ? GIG_COPY.archived : GIG_COPY.unarchived, isArchived: archived };
  });
}
