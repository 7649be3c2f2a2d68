import { type BankIdentifierKind, type Profession, TITLE_MAX, TSHIRT_SIZES } from "~db/schema";
import { DEFAULT_PAYOUT_TAX_BPS } from "../../app/features/payouts/totals";
import { GENERIC_TITLES, type SeedGame, type SeedMode } from "./data/catalogue";
import { GIG_CLOSERS, GIG_MIDDLES, GIG_OPENERS } from "./data/people";
import { createRandom, type Random } from "./random";
import { emptySeedData, type SeedData } from "./tables";

/**
 * The seed's shared pieces (db/seed/generate.ts runs the steps in db/seed/steps/ in order): options,
 * time constants, the references steps hand each other, the seeding context, and text helpers.
 */

export type SeedOptions = {
  seed: number;
  /** The reference instant; the CLI passes today at 00:00 UTC. */
  now: Date;
  /** Number of gigs (products); influencers scale to about gigs / 4. Default 160. */
  gigs?: number;
  /** Number of fans (role user, not influencers), demo fan included. Default 200. */
  users?: number;
};

export const DEFAULT_SEED = 20261122;
export const DEFAULT_GIGS = 160;
export const DEFAULT_FANS = 200;
/** Above this many gigs or fans the seed thins out per-row extras so it stays fast. */
export const LARGE_GIGS = 2000;
export const LARGE_FANS = 10_000;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const BOOKABLE_DAYS = 30;
export const HISTORY_DAYS = 30;

/** The default payout taxes (docs/domain.md, "Constants"), basis points (stored as percents in configurations). */
export const PAYOUT_TAXES_PERCENT = {
  indirectTaxPercent: DEFAULT_PAYOUT_TAX_BPS.indirectTaxBps / 100,
  platformFeesIndirectTaxPercent: DEFAULT_PAYOUT_TAX_BPS.platformFeeIndirectTaxBps / 100,
  tdsPercent: DEFAULT_PAYOUT_TAX_BPS.tdsBps / 100,
};
export const USD_TO_INR = 84.1;

export type Row<K extends keyof SeedData> = SeedData[K][number];

export type GameRef = {
  id: string;
  game: SeedGame;
  modes: { id: string; mode: SeedMode }[];
  platformIds: string[];
};
export type StreamerRef = {
  id: string;
  handle: string;
  fullName: string;
  country: string;
  profession: Profession;
  gameSlugs: readonly string[];
  feeBps: number;
  createdAt: number;
  gigs: GigRef[];
  occupied: Set<number>;
};
export type FanRef = {
  id: string;
  username: string;
  fullName: string;
  email: string | null;
  country: string | null;
  createdAt: number;
  gamertag: string;
  walletUser: boolean;
};
export type GigRef = {
  row: Row<"gigs">;
  streamer: StreamerRef;
  game: GameRef;
  mode: SeedMode;
  modeId: string;
  platformId: string;
};
export type PromoRef = {
  row: Row<"promoCodes">;
  uses: number;
  usedBy: Set<string>;
};

export type SlotRef = { row: Row<"slots">; gig: GigRef; start: number; end: number; free: number; buyers: Set<string> };
export type BookingRef = { booking: Row<"bookings">; order: Row<"orders">; slot: SlotRef; fan: FanRef };
export type LiveRef = { row: Row<"liveSessions">; streamer: StreamerRef; open: boolean };

/** What every seeding step shares: the seeded PRNG, the clock, the data being built, ids and names. */
export function createSeedContext(options: SeedOptions) {
  const rnd = createRandom(options.seed);
  const now = options.now.getTime();
  const gigCount = options.gigs ?? DEFAULT_GIGS;
  const fanCount = Math.max(1, options.users ?? DEFAULT_FANS);
  const streamerCount = Math.max(1, Math.round(gigCount / 4));
  const large = gigCount > LARGE_GIGS || fanCount > LARGE_FANS;
  const data = emptySeedData();
  const at = (ms: number) => new Date(ms);
  const sequence = (prefix: string) => {
    let n = 0;
    return () => `${prefix}_${String(++n).padStart(6, "0")}`;
  };
  const nextId = {
    user: sequence("usr"),
    gamertag: sequence("ugt"),
    oauth: sequence("oau"),
    mode: sequence("mod"),
    gig: sequence("prd"),
    slot: sequence("slt"),
    booking: sequence("bkg"),
    bookingTag: sequence("bgt"),
    lobby: sequence("lby"),
    order: sequence("ord"),
    event: sequence("pev"),
    refund: sequence("rfd"),
    wallet: sequence("wal"),
    promo: sequence("prm"),
    redemption: sequence("prr"),
    live: sequence("liv"),
    queue: sequence("que"),
    notification: sequence("ntf"),
    report: sequence("rpt"),
    ban: sequence("ban"),
    legal: sequence("lgl"),
    faq: sequence("faq"),
    contact: sequence("cnt"),
    suggestion: sequence("sgs"),
    bank: sequence("bnk"),
    payout: sequence("pay"),
    rate: sequence("fx"),
    analytics: sequence("anl"),
    banner: sequence("bnr"),
    unsubscribe: sequence("uns"),
  };
  const usernames = new Set<string>();
  const uniqueUsername = (base: string) => {
    let name = base.slice(0, 28);
    for (let n = 2; usernames.has(name.toLowerCase()); n++) name = `${base.slice(0, 26)}${n}`;
    usernames.add(name.toLowerCase());
    return name;
  };
  const ip = () => `${rnd.pick(["203.0.113", "198.51.100", "192.0.2"])}.${rnd.int(1, 254)}`;

  return { usernames, rnd, now, gigCount, fanCount, streamerCount, large, data, at, nextId, uniqueUsername, ip };
}

export type SeedContext = ReturnType<typeof createSeedContext>;

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function gigTitle(rnd: Random, game: SeedGame, mode: SeedMode): string {
  const template = rnd.chance(0.55) ? rnd.pick(game.titles) : rnd.pick(GENERIC_TITLES);
  const title = template.replaceAll("{mode}", mode.name).replaceAll("{game}", game.name);
  return title.length <= TITLE_MAX ? title : `${game.name}: ${mode.name}`.slice(0, TITLE_MAX);
}

export function gigDescription(rnd: Random, game: SeedGame, mode: SeedMode): string {
  const fill = (sentence: string) => sentence.replaceAll("{mode}", mode.name).replaceAll("{game}", game.name);
  const sentences = [fill(rnd.pick(GIG_OPENERS)), ...rnd.sample(GIG_MIDDLES, rnd.int(1, 3))];
  if (rnd.chance(0.7)) sentences.push(rnd.pick(GIG_CLOSERS));
  const seats = mode.players === 1 ? "one fan" : `up to ${mode.players} fans`;
  sentences.push(`Each slot runs about ${mode.duration} minutes with ${seats}.`);
  return sentences.join(" ");
}

export function lobbyCode(rnd: Random): string {
  return `NB-${rnd.string(6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")}`;
}

export const BANKS: Record<string, { names: readonly string[]; kind: BankIdentifierKind; phone: string }> = {
  IN: {
    names: ["HDFC Bank", "ICICI Bank", "State Bank of India", "Axis Bank", "Kotak Mahindra Bank"],
    kind: "IFSC Code",
    phone: "+91 9",
  },
  US: { names: ["Chase", "Bank of America", "Wells Fargo", "Capital One"], kind: "Routing Number", phone: "+1 415" },
  GB: { names: ["Barclays", "Monzo", "HSBC UK", "Lloyds Bank"], kind: "Sort Code", phone: "+44 7" },
  BR: { names: ["Nubank", "Itau Unibanco", "Banco do Brasil"], kind: "SWIFT Code", phone: "+55 11 9" },
  JP: { names: ["MUFG Bank", "Mizuho Bank"], kind: "Bank Code", phone: "+81 90" },
  KR: { names: ["KB Kookmin Bank", "Shinhan Bank"], kind: "Bank Code", phone: "+82 10" },
};
export const IBAN_COUNTRIES = new Set(["DE", "FR", "ES", "PT", "PL", "IE", "SE", "CZ"]);

export function bankDetailsFor(
  rnd: Random,
  streamer: StreamerRef,
  id: string,
  submittedAt: number,
  verifiedAt: number | null,
  verifierId: string,
): SeedData["bankDetails"][number] {
  const digits = (n: number) => rnd.string(n, "0123456789");
  const upper = (n: number) => rnd.string(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  const bank = BANKS[streamer.country] ?? {
    names: IBAN_COUNTRIES.has(streamer.country)
      ? ["N26", "Revolut", "ING", "Deutsche Bank"]
      : ["Standard Chartered", "Citibank"],
    kind: (IBAN_COUNTRIES.has(streamer.country) ? "IBAN" : "SWIFT Code") as BankIdentifierKind,
    phone: "+00 ",
  };
  const bankName = rnd.pick(bank.names);
  const identifier: Record<BankIdentifierKind, () => string> = {
    "IFSC Code": () =>
      `${bankName
        .replaceAll(/[^A-Z]/g, "")
        .padEnd(4, "X")
        .slice(0, 4)}0${digits(6)}`,
    "Routing Number": () => `0${digits(8)}`,
    "Sort Code": () => `${digits(2)}-${digits(2)}-${digits(2)}`,
    // biome-ignore lint/correctness/noComponentHookFactories: a map of bank identifier kinds, not a component.
    IBAN: () => `${streamer.country}${digits(2)}${digits(18)}`,
    "SWIFT Code": () => `${upper(4)}${streamer.country}${upper(2)}`,
    "Bank Code": () => digits(4),
  };
  return {
    id,
    userId: streamer.id,
    accountHolderName: streamer.fullName,
    address: `${rnd.int(1, 250)} ${rnd.pick(["Market Street", "Park Avenue", "Station Road", "High Street", "Lake View"])}, ${streamer.country}`,
    bankName,
    country: streamer.country,
    fullName: streamer.fullName,
    gamingName: streamer.handle,
    mobileNumber: `${bank.phone}${digits(8)}`,
    tshirtSize: rnd.pick(TSHIRT_SIZES),
    accountNumber: digits(rnd.int(10, 14)),
    bankIdentifierKind: bank.kind,
    bankIdentifierValue: identifier[bank.kind](),
    statementKey: `onboarding/${streamer.id}/bank-statement.pdf`,
    agreementKey: `onboarding/${streamer.id}/signed-agreement.pdf`,
    isVerified: verifiedAt !== null,
    verifiedAt: verifiedAt === null ? null : new Date(verifiedAt),
    verifiedBy: verifiedAt === null ? null : verifierId,
    createdAt: new Date(submittedAt),
    updatedAt: new Date(verifiedAt ?? submittedAt),
  };
}
