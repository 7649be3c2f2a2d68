/** Constants the schema's CHECKs share with the app (docs/domain.md, "Constants"). */

/** Maximum length of a gig or live-session title. */
export const TITLE_MAX = 66;

/** Currencies a user can see prices in; INR for country IN, USD otherwise. */
export const BASE_CURRENCIES = ["USD", "INR"] as const;
export type BaseCurrency = (typeof BASE_CURRENCIES)[number];

/** Currency that gig, live-session and order prices are held in. */
export const PRICE_CURRENCY = "USD";

/** What an influencer does (influencer_profiles.profession); browse filters creators by it. */
export const PROFESSIONS = ["Streamer", "Pro Player", "Coach", "Content Creator", "YouTuber"] as const;
export type Profession = (typeof PROFESSIONS)[number];

/** A review (db/schema/reviews.ts): its stars, and the longest comment, reply and report reason. */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_REPORT_REASON_MAX = 500;

/** The chat platforms a fan may join a live queue from (db/schema/chat.ts). */
export const CHAT_PLATFORMS = ["twitch", "discord"] as const;
export type ChatPlatform = (typeof CHAT_PLATFORMS)[number];

/** Where a queue place was joined from (`queue_entries.source`): the site or a chat platform. */
export const JOIN_SOURCES = ["web", ...CHAT_PLATFORMS] as const;
export type JoinSource = (typeof JOIN_SOURCES)[number];
