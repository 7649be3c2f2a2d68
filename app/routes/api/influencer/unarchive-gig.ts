import { archiveAction } from "./archive-gig";

/** POST /api/post/influencer/unarchive-gig/:id */
export const action = archiveAction(false);
