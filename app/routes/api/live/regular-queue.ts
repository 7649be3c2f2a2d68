import { laneLoader } from "./lane.server";

/** GET /api/get/regularQueue/:id */
export const loader = laneLoader("regular");
