import { archiveAction } from "~/routes/api/_lib/archive-gig.server";

/** POST /api/post/influencer/archive-gig/:id */
export const action = archiveAction(true);
