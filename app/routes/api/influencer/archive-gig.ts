import { archiveAction } from "./archive-action.server";

/** POST /api/post/influencer/archive-gig/:id */
export const action = archiveAction(true);
