import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Development stand-ins (the outbox, exchange rates, video metadata) and the jobs' last runs; they refuse production requests. */
export const devPages: RouteConfigEntry[] = [
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("dev/outbox.json", "routes/dev/outbox-json.ts"),
  route("dev/push", "routes/dev/push.tsx"),
  route("dev/jobs", "routes/dev/jobs.tsx"),
  route("dev/chat", "routes/dev/chat.tsx"),
  route("dev/chat.json", "routes/dev/chat-json.ts"),
  route("dev/exchange-rates/*", "routes/dev/exchange-rates.ts"),
  route("dev/oembed", "routes/dev/oembed.ts"),
];
