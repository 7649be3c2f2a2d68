import { archiveAction } from "~/routes/api/_lib/archive-gig.server";

/** POST /api/post/influencer/unarchive-gig/:id */
export const action = archiveAction(false);
