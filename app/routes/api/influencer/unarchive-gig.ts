import { archiveAction } from "./archive-action.server";

/** POST /api/post/influencer/unarchive-gig/:id */
export const action = archiveAction(false);
