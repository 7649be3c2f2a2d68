// Secrets and optional settings are not all in wrangler.toml, so `wrangler types` does not list them.
interface Env {
  SESSION_SECRET?: string;
  /** "http" for the production email API; anything else uses the development outbox. */
  EMAIL_PROVIDER?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
  /** "http" for Discord's REST API with DISCORD_BOT_TOKEN (a secret); anything else uses the development outbox. */
  DISCORD_PROVIDER?: string;
  DISCORD_BOT_TOKEN?: string;
  /** Chat queues: the Discord application's id and public key (hex; its interactions are signed for it). */
  DISCORD_APPLICATION_ID?: string;
  DISCORD_PUBLIC_KEY?: string;
  /** Chat queues (docs/decisions/028): "http" sends the bot's Twitch replies through Helix; anything else records them. */
  TWITCH_PROVIDER?: string;
  TWITCH_CLIENT_ID?: string;
  TWITCH_CLIENT_SECRET?: string;
  /** The bot account's Twitch user id (its own messages are ignored; replies are sent as it). */
  TWITCH_BOT_USER_ID?: string;
  /** The secret EventSub deliveries are signed with (a wrangler secret; development uses the stand-in's). */
  TWITCH_EVENTSUB_SECRET?: string;
  /** The public origin used in emailed links, e.g. https://noobrd.gg (defaults to the request's origin). */
  PUBLIC_ORIGIN?: string;
  /** "off" serves every page fresh (tests, debugging); anything else keeps the edge cache on (docs/decisions/012). */
  EDGE_CACHE?: string;
  /**
   * Optional second secret for onboarding verification (the API's secretKey): when set, reading the
   * full bank details through the API and verifying submissions need it as well as the staff capability.
   */
  ONBOARDING_SECRET_KEY?: string;
}

/** exceljs's Node build (see workers/documents/statement.ts): the same API as the package's types. */
declare module "exceljs/excel.js" {
  import ExcelJS from "exceljs";
  export default ExcelJS;
}
