import { type BaseCurrency, gameChoiceSchema, priceSchema, requirementsSchema, tagsSchema } from "~/features/gigs";
import { isPlaceholderText } from "~/lib/placeholder-text";
import { multiLine, singleLine } from "~/lib/validation";
import { z } from "~/lib/zod";
import { TITLE_MAX } from "~db/schema/constants";
import { LIVE_COPY } from "./copy";
import { PARTY_MAX, READY_SECONDS_MAX, READY_SECONDS_MIN, VIP_MISSED_CHOICES } from "./ready-check";
import { REJOIN_COOLDOWN_MAX, VIP_PER_REGULAR_MAX } from "./turns";

export type { QueueLane } from "~db/schema";

/** docs/domain.md: a title taken from a video that is longer than 70 characters is cut to 69. */
const VIDEO_TITLE_CUT = { over: 70, to: 69 } as const;
const LIVE_DESCRIPTION_MAX = 3000;

export function cutVideoTitle(title: string): string {
  return title.length > VIDEO_TITLE_CUT.over ? title.slice(0, VIDEO_TITLE_CUT.to) : title;
}

const yesNo = z.preprocess(
  (value) => value === true || value === "true" || value === "yes" || value === "on",
  z.boolean(),
);

/**
 * The go-live form (the stepper's last step, the plain-form steps without JavaScript, and
 * POST /api/post/influencer/liveSession). Streaming link rules are checked by `normaliseStreamingLink` where
 * the site's host is known; the price against the streamer's base currency.
 */
export function goLiveSchema(baseCurrency: BaseCurrency) {
  return z.object({
    ...gameChoiceSchema,
    title: singleLine(
      z
        .string({ error: "Please enter a title" })
        .trim()
        .min(1, "Please enter a title")
        .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    ),
    description: multiLine(z.string().trim().max(LIVE_DESCRIPTION_MAX, "Description must be at most 3000 characters"))
      .optional()
      .default(""),
    price: priceSchema(baseCurrency),
    isStreaming: yesNo.optional().default(false),
    streamingLink: z.string().trim().max(2000).optional().default(""),
    requirements: requirementsSchema,
    session_tags: tagsSchema,
    defaultThumbnail: z.string().trim().max(2000).optional().default(""),
  });
}
export type GoLiveInput = z.output<ReturnType<typeof goLiveSchema>>;

export const streamingLinkSchema = z.object({
  liveSessionId: z.string().trim().min(1),
  isStreaming: yesNo.optional().default(true),
  streamingLink: z.string().trim().max(2000).optional().default(""),
});

export const liveDetailsSchema = z.object({
  liveSessionId: z.string().trim().min(1),
  title: singleLine(
    z.string().trim().min(1, "Please enter a title").max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
  ),
  description: multiLine(z.string().trim().max(LIVE_DESCRIPTION_MAX)).optional().default(""),
  requirements: requirementsSchema,
  session_tags: tagsSchema,
});

/** A gamer tag as a user's saved tags hold it (1 to 64 characters). */
export const GAMERTAG_MAX = 64;
const gamertagField = singleLine(z.string().trim().max(GAMERTAG_MAX, LIVE_COPY.gamertagTooLong));

/**
 * Joining either lane from the live page (a plain form, with or without JavaScript): the gamer tag for the session's
 * platform is required, prefilled from the fan's saved tags.
 */
export const pageJoinSchema = z.object({
  gamertag: z
    .string({ error: LIVE_COPY.gamertagRequired })
    .pipe(gamertagField)
    .pipe(z.string().min(1, LIVE_COPY.gamertagRequired))
    .refine((tag) => !isPlaceholderText(tag), LIVE_COPY.gamertagRequired),
});

export const sessionIdSchema = z.object({
  liveSessionId: z.string({ error: LIVE_COPY.notFound }).trim().min(1, LIVE_COPY.notFound),
});
export const entryIdSchema = z.object({
  id: z.string({ error: LIVE_COPY.entryNotFound }).trim().min(1, LIVE_COPY.entryNotFound),
});
/** POST /api/join_regular: the gamer tag may be omitted (the fan's saved one is taken). */
export const regularJoinSchema = z.object({
  liveSessionId: z.string({ error: LIVE_COPY.notFound }).trim().min(1, LIVE_COPY.notFound),
  gamertag: gamertagField.optional(),
});
export const vipJoinSchema = z.object({
  liveSessionId: z.string({ error: LIVE_COPY.notFound }).trim().min(1, LIVE_COPY.notFound),
  /** Required before paying: given here, or saved on the fan's profile (the API may omit it then). */
  gamertag: gamertagField.optional(),
  acceptTerms: z.preprocess(
    (value) => value === true || value === "true" || value === "on",
    z.literal(true, { error: LIVE_COPY.termsRequired }),
  ),
  /** `pass`: one use of the fan's VIP pass for the session's streamer (docs/decisions/032). */
  paymentMethod: z.enum(["card", "wallet", "pass"]).optional().default("card"),
});
export const serveSchema = z.object({
  id: z.string().trim().min(1, LIVE_COPY.entryNotFound),
  /** A move forward, a removal, or a skip: the fan's running ready check is missed now. */
  to: z.enum(["playing_next", "in_game", "done", "removed", "skip"]),
});
export const lobbyCodeSchema = z.object({
  liveSessionId: z.string().trim().min(1),
  lobbyCode: singleLine(z.string().trim().max(64)).optional().default(""),
});
/** The queue dashboard's turn rules form: "vip_first" or a number of VIP turns per regular one, and the cooldown. */
export const turnRulesSchema = z.object({
  vipPerRegular: z.preprocess(
    (value) => (value === undefined || value === "" || value === "vip_first" ? null : Number(value)),
    z
      .number({ error: LIVE_COPY.badTurnRule })
      .int(LIVE_COPY.badTurnRule)
      .min(1, LIVE_COPY.badTurnRule)
      .max(VIP_PER_REGULAR_MAX, LIVE_COPY.badTurnRule)
      .nullable(),
  ),
  rejoinCooldown: z.preprocess(
    (value) => (value === undefined || value === "" ? 0 : Number(value)),
    z
      .number({ error: LIVE_COPY.badCooldown })
      .int(LIVE_COPY.badCooldown)
      .min(0, LIVE_COPY.badCooldown)
      .max(REJOIN_COOLDOWN_MAX, LIVE_COPY.badCooldown),
  ),
  /** The ready check's countdown in seconds; absent: unchanged. */
  readySeconds: z.preprocess(
    (value) => (value === undefined || value === "" ? undefined : Number(value)),
    z
      .number({ error: LIVE_COPY.badReadySeconds })
      .int(LIVE_COPY.badReadySeconds)
      .min(READY_SECONDS_MIN, LIVE_COPY.badReadySeconds)
      .max(READY_SECONDS_MAX, LIVE_COPY.badReadySeconds)
      .optional(),
  ),
  /** What a missed ready check does to a VIP place; absent: unchanged. */
  vipMissed: z.enum(VIP_MISSED_CHOICES, { error: LIVE_COPY.badVipMissed }).optional(),
});

/** The one-tap ready link's fields (ready-link.server.ts checks the signature). */
export const readyLinkSchema = z.object({
  e: z.string().trim().min(1).max(64),
  d: z.coerce.number().int().positive(),
  sig: z.string().trim().min(1).max(128),
});

/** A party pick: the next N fans at once (calls.server.ts PARTY_MAX). */
export const partySchema = z.object({
  size: z.coerce
    .number({ message: LIVE_COPY.badPartySize })
    .int(LIVE_COPY.badPartySize)
    .min(1, LIVE_COPY.badPartySize)
    .max(PARTY_MAX, LIVE_COPY.badPartySize),
});
