import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /api: live sessions and their regular and VIP queues. */
export const apiLive: RouteConfigEntry[] = [
  // Live sessions and queues (docs/decisions/014)
  route("join_regular", "routes/api/live/join-regular.ts"),
  route("join_vip", "routes/api/live/join-vip.ts"),
  route("check/vip", "routes/api/live/check-vip.ts"),
  route("create-live-checkout-session", "routes/api/live/create-live-checkout-session.ts"),
  route("live-payment-success", "routes/api/live/live-payment-success.ts"),
  route("get/vipQueue/:id", "routes/api/live/vip-queue.ts"),
  route("get/regularQueue/:id", "routes/api/live/regular-queue.ts"),
  route("get/queues_by_user_id", "routes/api/live/queues-by-user.ts", { id: "api-queues-by-user" }),
  route("get/paginatedqueues_by_user_id", "routes/api/live/queues-by-user.ts", {
    id: "api-paginated-queues-by-user",
  }),
  route("post/delete_user_regular_queue", "routes/api/live/delete-regular-queue.ts"),
  route("get/liveSession/:id", "routes/api/live/live-session.ts"),
  route("get/influencer/liveSessions", "routes/api/live/influencer-live-sessions.ts"),
  route("liveSession/end/:id", "routes/api/live/end.ts"),
  route("influencer/profile/getTotalQueueCounts", "routes/api/live/total-queue-counts.ts"),
  route("fetch-video-details", "routes/api/live/fetch-video-details.ts"),
  route("post/influencer/liveSession", "routes/api/live/go-live.ts"),
  route("post/influencer/updateStreamingLink", "routes/api/live/update-streaming-link.ts"),
  route("post/influencer/updateLiveSession", "routes/api/live/update-live-session.ts"),
];
