import { registerStandIns } from "../app/platform/adapters.server";
import { signedDiscordLine } from "../app/platform/stand-ins/chat/discord.server";
import { readChatReplies, recordChatReply } from "../app/platform/stand-ins/chat/replies.server";
import { signedTwitchDelivery } from "../app/platform/stand-ins/chat/twitch.server";
import { OutboxDiscordSender, readDiscordOutbox } from "../app/platform/stand-ins/discord/outbox.server";
import { OutboxEmailSender, readOutbox } from "../app/platform/stand-ins/email/outbox.server";
import { workerStandIn } from "../app/platform/stand-ins/oauth/worker";
import { readPushes, StandInPushSender } from "../app/platform/stand-ins/push/outbox.server";
import { configureStripeStandIn, workerStripeStandIn } from "../app/platform/stand-ins/stripe/mount.server";
import { standInSiteverify, standInToken } from "../app/platform/stand-ins/turnstile/siteverify";

/**
 * The development composition: the one module that imports the local stand-ins of the outside services
 * (app/platform/stand-ins) and registers them with the platform's adapters (app/platform/adapters.server.ts;
 * docs/architecture.md, "Local development and tests"). The Worker entry loads it only outside production builds
 * (`npm run dev`, the browser tests' and benches' builds in mode e2e), the workerd tests' set-up first of all, so a
 * production build carries no stand-in (scripts/check-build.ts). Whether each stand-in is used is still each
 * adapter's setting (EMAIL_PROVIDER, STRIPE_STAND_IN, ...) in a non-production environment. The exchange-rate and
 * oEmbed stand-ins are pages of their own, served by app/routes/dev/.
 */
registerStandIns({
  email: { sender: (bucket) => new OutboxEmailSender(bucket), read: readOutbox },
  discord: { sender: (bucket) => new OutboxDiscordSender(bucket), read: (bucket) => readDiscordOutbox(bucket) },
  push: { sender: (bucket) => new StandInPushSender(bucket), read: readPushes },
  chat: {
    record: recordChatReply,
    read: readChatReplies,
    twitchDelivery: (line) => signedTwitchDelivery(line),
    discordLine: signedDiscordLine,
  },
  turnstile: { token: standInToken, siteverify: standInSiteverify },
  stripe: { configure: configureStripeStandIn, handler: workerStripeStandIn },
  oauth: { handler: workerStandIn },
});
