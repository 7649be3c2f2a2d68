import { type RouteConfigEntry, route } from "@react-router/dev/routes";

/** /api: chat platforms calling in (docs/decisions/028): Twitch's EventSub webhook, Discord's interactions. */
export const apiChat: RouteConfigEntry[] = [
  route("chat/twitch", "routes/api/chat/twitch-webhook.ts"),
  route("chat/discord", "routes/api/chat/discord-interactions.ts"),
];
