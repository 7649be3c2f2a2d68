import { laneLoader } from "./lane.server";

/** GET /api/get/vipQueue/:id */
export const loader = laneLoader("vip");
