import type { DiscordMessage, DiscordSender } from "./discord/discord.server";
import type { EmailMessage, EmailSender } from "./email/email.server";
import type { PushAlert, PushSender } from "./push/push.server";
import type { SiteverifyAnswer } from "./turnstile/turnstile.server";
import type { ChatMessageOut } from "./twitch/chat.server";

/**
 * The local stand-ins of the outside services, as the development composition chose them (docs/architecture.md,
 * "Local development and tests"). Each adapter of app/platform knows only its interface: it builds the production
 * adapter when the environment says so (EMAIL_PROVIDER=http, PUSH_PROVIDER=webpush, ...), and otherwise, outside
 * production builds, takes the stand-in registered here. workers/dev-composition.ts, the one module that imports
 * the stand-ins (app/platform/stand-ins), registers them; the Worker entry loads it only outside production
 * builds and the workerd tests' set-up loads it first, so a production build holds an empty registry and no
 * stand-in code (scripts/check-build.ts, tests/architecture/stand-ins.test.ts).
 */

/** A message a stand-in kept instead of sending it: the message, its id and when it was "sent". */
type Kept<T> = T & { id: string; sentAt: string };

/** A request as an outside service would sign and send it to one of the app's webhooks. */
type SignedRequest = { headers: Headers; body: string };

/** What the bot said in a chat, as the chat stand-in recorded it. */
export type RecordedReply = { platform: string; channel: string; text: string; at: string };

/** A stand-in that answers HTTP requests in the Worker (the Stripe and OAuth providers). */
export type StandInHandler = (request: Request) => Promise<Response>;

type StandIns = {
  /** The email outbox (EMAIL_PROVIDER not "http"): the sender, and its messages for /dev/outbox. */
  email: {
    sender(bucket: R2Bucket): EmailSender;
    read(bucket: R2Bucket, options: { to?: string; limit?: number }): Promise<Kept<EmailMessage>[]>;
  };
  /** The Discord DM outbox (DISCORD_PROVIDER not "http"). */
  discord: { sender(bucket: R2Bucket): DiscordSender; read(bucket: R2Bucket): Promise<Kept<DiscordMessage>[]> };
  /** The local push service (PUSH_PROVIDER not "webpush"). */
  push: {
    sender(bucket: R2Bucket): PushSender;
    read(bucket: R2Bucket, options: { limit?: number }): Promise<Kept<PushAlert & { endpoint: string }>[]>;
  };
  /**
   * The local Twitch and Discord chats: the recorder of what the bot says (Twitch messages and Discord follow-ups),
   * its record, and a line typed on /dev/chat as each platform signs and delivers it (false when a Discord line is
   * no slash command).
   */
  chat: {
    record(bucket: R2Bucket, message: ChatMessageOut): Promise<void>;
    read(bucket: R2Bucket, channel?: string): Promise<RecordedReply[]>;
    twitchDelivery(line: {
      broadcasterId: string;
      broadcasterLogin: string;
      user: string;
      text: string;
      messageId?: string;
    }): Promise<SignedRequest>;
    discordLine(line: { guildId: string; user: string; text: string; owner?: boolean }): Promise<SignedRequest | false>;
  };
  /** Cloudflare Turnstile as its test keys behave (TURNSTILE_STAND_IN "on"): the widget's token and siteverify. */
  turnstile: {
    token(siteKey: string, action: string, hostname: string): string | null;
    siteverify(secret: string, token: string): Promise<SiteverifyAnswer>;
  };
  /**
   * Stripe mounted in the Worker (STRIPE_STAND_IN "on"): `configure` gives it the webhook secret and where to
   * deliver its events (the Worker's own fetch), `handler` answers the SDK's and the buyer's requests.
   */
  stripe: {
    configure(env: Env, deliver: (body: string, signature: string) => Promise<unknown>): void;
    handler(): StandInHandler;
  };
  /** The Discord, Google and Twitch OAuth provider mounted in the Worker (OAUTH_STAND_IN "on"). */
  oauth: { handler(env: Env): StandInHandler };
};

/** A registry of stand-ins: the Worker's one (below), or a fresh one for a test of the registry itself. */
export function standInRegistry() {
  const chosen: Partial<StandIns> = {};
  return {
    register(standIns: Partial<StandIns>): void {
      Object.assign(chosen, standIns);
    },
    /** The registered stand-in of `service`; throws, saying where stand-ins come from, when there is none. */
    get<Service extends keyof StandIns>(service: Service): StandIns[Service] {
      const standIn = chosen[service];
      if (!standIn)
        throw new Error(
          `No ${service} stand-in is registered: workers/dev-composition.ts registers the stand-ins outside ` +
            "production builds (the Worker entry and the test set-up load it); a production build has none, so " +
            `configure the real ${service} provider`,
        );
      return standIn;
    },
  };
}

const registry = standInRegistry();

/** Registers the stand-ins the development composition chose (workers/dev-composition.ts). */
export const registerStandIns = registry.register;

/** The stand-in of `service` for development and tests (a clear error when none is registered). */
export const standIn = registry.get;
