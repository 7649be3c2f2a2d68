/**
 * Deterministic demo and scale data.
 *
 * `generateSeed` is a pure function of its options: every random choice comes from the seeded
 * PRNG and every time from `options.now`, so the same options give byte-identical output.
 * (It is async only because password hashing uses WebCrypto.)
 *
 * Time layout, relative to `now` (the CLI passes today at 00:00 UTC):
 * - bookable slots start in [now, now + 30 days);
 * - history (completed sessions, their orders, validations, payouts, ended live sessions)
 *   lies in the previous 30 days, with top-ups and accounts older than that;
 * - a few live sessions started in the last two hours and are still open.
 *
 * The data respects DOMAIN.md: seats booked (held or confirmed) never exceed a slot's seats;
 * a paid slot order has exactly one booking and a paid VIP order exactly one queue place; a
 * confirmed booking has a paid order; wallet balances never go below zero; an order sits in
 * at most one non-removed payout; at most one open live session per streamer.
 */
import { hashPassword } from "../../app/features/auth/password.server";
import { DEFAULT_PAYOUT_TAX_BPS, payoutTotals } from "../../app/features/payouts/totals";
import {
  ACTIVE_QUEUE_STATES,
  type BankIdentifierKind,
  type BookingStatus,
  CONFIG_KEYS,
  DEFAULT_PLATFORM_FEE_BPS,
  type NotificationType,
  PROFESSIONS,
  type Profession,
  type QueueLane,
  type QueueState,
  RATE_SCALE,
  type Requirement,
  TITLE_MAX,
  TSHIRT_SIZES,
} from "../schema";
import {
  GAMES,
  GENERIC_TAGS,
  GENERIC_TITLES,
  PLATFORMS,
  type PlatformKey,
  type SeedGame,
  type SeedMode,
} from "./data/catalogue";
import { PRIVACY_POLICY, TERMS_OF_SERVICE, VIP_QUEUE_TERMS } from "./data/legal";
import { ABOUT_US, BANNERS, CANCELLATION_POLICY, CONTACT_MESSAGES, FAQS } from "./data/pages";
import {
  BIO_CLOSERS,
  BIO_MIDDLES,
  BIO_OPENERS,
  FAN_COUNTRIES,
  GIG_CLOSERS,
  GIG_MIDDLES,
  GIG_OPENERS,
  HANDLE_PREFIXES,
  HANDLE_SUFFIXES,
  INFLUENCERS,
  NAMES,
} from "./data/people";
import { DEMO_ACCOUNTS, type DemoAccount, demoUserId } from "./demo-accounts";
import { createRandom, type Random } from "./random";
import { emptySeedData, type SeedData } from "./tables";

export type { SeedData } from "./tables";

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
const LARGE_GIGS = 2000;
const LARGE_FANS = 10_000;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const BOOKABLE_DAYS = 30;
export const HISTORY_DAYS = 30;

/** SPEC section 9 payout defaults, basis points (stored as percents in configurations). */
const PAYOUT_TAXES_PERCENT = {
  indirectTaxPercent: DEFAULT_PAYOUT_TAX_BPS.indirectTaxBps / 100,
  platformFeesIndirectTaxPercent: DEFAULT_PAYOUT_TAX_BPS.platformFeeIndirectTaxBps / 100,
  tdsPercent: DEFAULT_PAYOUT_TAX_BPS.tdsBps / 100,
};
const USD_TO_INR = 84.1;

type Row<K extends keyof SeedData> = SeedData[K][number];

type GameRef = {
  id: string;
  game: SeedGame;
  modes: { id: string; mode: SeedMode }[];
  platformIds: string[];
};
type InfluencerRef = {
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
type FanRef = {
  id: string;
  username: string;
  fullName: string;
  email: string | null;
  country: string | null;
  createdAt: number;
  gamertag: string;
  walletUser: boolean;
};
type GigRef = {
  row: Row<"products">;
  influencer: InfluencerRef;
  game: GameRef;
  mode: SeedMode;
  modeId: string;
  platformId: string;
};
type PromoRef = {
  row: Row<"promoCodes">;
  uses: number;
  usedBy: Set<string>;
};

export async function generateSeed(options: SeedOptions): Promise<SeedData> {
  const rnd = createRandom(options.seed);
  const now = options.now.getTime();
  const gigCount = options.gigs ?? DEFAULT_GIGS;
  const fanCount = Math.max(1, options.users ?? DEFAULT_FANS);
  const influencerCount = Math.max(1, Math.round(gigCount / 4));
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
    product: sequence("prd"),
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

  // ---------------------------------------------------------------- demo accounts (hashing first)
  const demoHashes = await Promise.all(
    DEMO_ACCOUNTS.map((account) => {
      const salt = rnd.bytes(16);
      return hashPassword(account.password, salt);
    }),
  );

  // ---------------------------------------------------------------- catalogue
  const catalogueCreated = now - 420 * DAY;
  const platformIds = new Map<PlatformKey, string>();
  PLATFORMS.forEach((platform, index) => {
    const id = `plt_${platform.key.replaceAll("-", "_")}`;
    platformIds.set(platform.key, id);
    data.platforms.push({
      id,
      platformName: platform.name,
      platformIdName: platform.key,
      platformIcon: null,
      sortOrder: index,
      createdAt: at(catalogueCreated),
    });
  });

  const games: GameRef[] = GAMES.map((game, index) => {
    const id = `gam_${game.slug.replaceAll("-", "_")}`;
    data.games.push({
      id,
      name: game.name,
      slug: game.slug,
      description: game.description,
      crossplatform: game.crossplatform,
      showLanding: index < 8,
      imageUrl: null,
      imageFilename: null,
      gameLogo: null,
      primaryColor: game.colors[0],
      secondaryColor: game.colors[1],
      alternatColor: game.colors[2],
      popularity: game.weight * 100 + rnd.int(0, 99),
      createdAt: at(catalogueCreated + index * HOUR),
      updatedAt: at(catalogueCreated + index * HOUR),
    });
    const modes = game.modes.map((mode, modeIndex) => {
      const modeId = nextId.mode();
      data.gameModes.push({
        id: modeId,
        gameId: id,
        name: mode.name,
        durationMinutes: mode.duration,
        noOfPlayers: mode.players,
        sortOrder: modeIndex,
        createdAt: at(catalogueCreated + index * HOUR),
      });
      return { id: modeId, mode };
    });
    const ids = game.platforms.map((key) => {
      const platformId = platformIds.get(key);
      if (!platformId) throw new Error(`unknown platform ${key}`);
      data.gamePlatforms.push({ gameId: id, platformId });
      return platformId;
    });
    return { id, game, modes, platformIds: ids };
  });
  const gameBySlug = new Map(games.map((game) => [game.game.slug, game]));
  const gameWeights = games.map((game) => [game, game.game.weight] as const);

  data.banners.push(
    ...BANNERS.map((banner, index) => ({
      id: nextId.banner(),
      title: banner.title,
      description: banner.description,
      imageUrl: null,
      imageKey: null,
      linkUrl: index === 1 ? "/browse?filter=live" : "/browse",
      sortOrder: index,
      isActive: true,
      createdAt: at(catalogueCreated + index * DAY),
      updatedAt: at(catalogueCreated + index * DAY),
    })),
  );

  // ---------------------------------------------------------------- demo staff and accounts
  const demoAccount = (key: DemoAccount["key"]) => {
    const index = DEMO_ACCOUNTS.findIndex((account) => account.key === key);
    const account = DEMO_ACCOUNTS[index];
    if (!account) throw new Error(`no demo account ${key}`);
    return { account, hash: demoHashes[index] as string };
  };
  const demoCreated = now - 500 * DAY;
  const addDemoUser = (key: DemoAccount["key"], country: string) => {
    const { account, hash } = demoAccount(key);
    const id = demoUserId(key);
    usernames.add(account.username.toLowerCase());
    data.users.push({
      id,
      username: account.username,
      fullName: account.fullName,
      email: account.email,
      emailVerifiedAt: at(demoCreated + 10 * MINUTE),
      role: account.role,
      isActive: true,
      isInfluencer: account.isInfluencer,
      country,
      bio: null,
      socialLinks: {},
      lastIp: ip(),
      createdAt: at(demoCreated),
      updatedAt: at(demoCreated),
    });
    data.credentials.push({ userId: id, passwordHash: hash, createdAt: at(demoCreated), updatedAt: at(demoCreated) });
    return id;
  };
  const adminId = addDemoUser("admin", "IN");
  addDemoUser("developer", "IN");
  addDemoUser("marketing", "GB");
  const financeId = addDemoUser("finance", "IN");

  // ---------------------------------------------------------------- influencers
  const influencers: InfluencerRef[] = [];
  const userRowById = new Map<string, Row<"users">>();
  const addInfluencer = (spec: {
    id: string;
    handle: string;
    fullName: string;
    country: string;
    profession: Profession;
    gameSlugs: readonly string[];
    email: string;
    createdAt: number;
  }) => {
    const feeBps = rnd.chance(0.1) ? rnd.pick([1500, 2500]) : DEFAULT_PLATFORM_FEE_BPS;
    const slug = spec.handle.toLowerCase();
    const socialLinks: Record<string, string> = rnd.chance(0.6)
      ? { twitch: `https://www.twitch.tv/${slug}` }
      : { youtube: `https://www.youtube.com/@${slug}` };
    if (rnd.chance(0.5)) socialLinks.instagram = `https://www.instagram.com/${slug}`;
    if (rnd.chance(0.4)) socialLinks.x = `https://x.com/${slug}`;
    if (rnd.chance(0.3)) socialLinks.discord = `https://discord.gg/${slug.slice(0, 10)}`;
    const gameNames = spec.gameSlugs.map((s) => gameBySlug.get(s)?.game.name).filter(Boolean);
    const bio = `${rnd.pick(BIO_OPENERS[spec.profession])} Mostly ${gameNames.join(" and ")}. ${rnd.pick(BIO_MIDDLES)} ${rnd.pick(BIO_CLOSERS)}`;
    const row: Row<"users"> = {
      id: spec.id,
      username: spec.handle,
      fullName: spec.fullName,
      email: spec.email,
      emailVerifiedAt: at(spec.createdAt + 5 * MINUTE),
      role: "user",
      isActive: true,
      isInfluencer: true,
      country: spec.country,
      bio,
      socialLinks,
      pictureKey: null,
      pictureUrl: null,
      lastIp: ip(),
      createdAt: at(spec.createdAt),
      updatedAt: at(spec.createdAt),
    };
    data.users.push(row);
    userRowById.set(spec.id, row);
    const ref: InfluencerRef = {
      id: spec.id,
      handle: spec.handle,
      fullName: spec.fullName,
      country: spec.country,
      profession: spec.profession,
      gameSlugs: spec.gameSlugs,
      feeBps,
      createdAt: spec.createdAt,
      gigs: [],
      occupied: new Set(),
    };
    influencers.push(ref);
    return ref;
  };

  const demoStar = demoAccount("influencer");
  usernames.add(demoStar.account.username.toLowerCase());
  const demoInfluencer = addInfluencer({
    id: demoUserId("influencer"),
    handle: demoStar.account.username,
    fullName: demoStar.account.fullName,
    country: "IN",
    profession: "Streamer",
    gameSlugs: ["valorant", "fortnite", "minecraft"],
    email: demoStar.account.email,
    createdAt: demoCreated,
  });
  data.credentials.push({
    userId: demoInfluencer.id,
    passwordHash: demoStar.hash,
    createdAt: at(demoCreated),
    updatedAt: at(demoCreated),
  });

  for (let i = 1; i < influencerCount; i++) {
    const curated = INFLUENCERS[i - 1];
    const createdAt = now - rnd.int(210, 520) * DAY - rnd.int(0, DAY - 1);
    if (curated) {
      usernames.add(curated.handle.toLowerCase());
      addInfluencer({
        id: nextId.user(),
        ...curated,
        gameSlugs: curated.games,
        email: `${curated.handle.toLowerCase()}@example.com`,
        createdAt,
      });
    } else {
      const country = rnd.weighted(FAN_COUNTRIES);
      const names = NAMES[country] ?? NAMES.US;
      if (!names) throw new Error("missing names");
      const handle = uniqueUsername(`${rnd.pick(HANDLE_PREFIXES)}${rnd.pick(HANDLE_SUFFIXES)}${rnd.int(1, 99)}`);
      addInfluencer({
        id: nextId.user(),
        handle,
        fullName: `${rnd.pick(names.given)} ${rnd.pick(names.family)}`,
        country,
        profession: rnd.pick(PROFESSIONS),
        gameSlugs: rnd.sample(GAMES, rnd.int(1, 2)).map((game) => game.slug),
        email: `${handle.toLowerCase()}@example.com`,
        createdAt,
      });
    }
  }
  const otherInfluencers = influencers.filter((influencer) => influencer !== demoInfluencer);

  // ---------------------------------------------------------------- fans
  const fans: FanRef[] = [];
  const addFan = (fan: FanRef, extra: Partial<Row<"users">> = {}) => {
    const row: Row<"users"> = {
      id: fan.id,
      username: fan.username,
      fullName: fan.fullName,
      email: fan.email,
      emailVerifiedAt: fan.email && rnd.chance(0.92) ? at(fan.createdAt + rnd.int(1, 90) * MINUTE) : null,
      role: "user",
      isActive: true,
      isInfluencer: false,
      country: fan.country,
      bio: null,
      socialLinks: {},
      lastIp: ip(),
      createdAt: at(fan.createdAt),
      updatedAt: at(fan.createdAt),
      ...extra,
    };
    data.users.push(row);
    userRowById.set(fan.id, row);
    fans.push(fan);
  };
  const demoFanAccount = demoAccount("fan");
  usernames.add(demoFanAccount.account.username.toLowerCase());
  const demoFan: FanRef = {
    id: demoUserId("fan"),
    username: demoFanAccount.account.username,
    fullName: demoFanAccount.account.fullName,
    email: demoFanAccount.account.email,
    country: "IN",
    createdAt: demoCreated,
    gamertag: "DemoFan#2026",
    walletUser: true,
  };
  addFan(demoFan, {
    emailVerifiedAt: at(demoCreated + 10 * MINUTE),
    bio: "Demo fan account: books gigs, joins queues, keeps a wallet.",
  });
  data.credentials.push({
    userId: demoFan.id,
    passwordHash: demoFanAccount.hash,
    createdAt: at(demoCreated),
    updatedAt: at(demoCreated),
  });

  const gamertagNetworks = ["riot", "epic", "playstation", "xbox", "steam", "battlenet", "ea", "minecraft"] as const;
  for (let i = 1; i < fanCount; i++) {
    const country = rnd.chance(0.01) ? null : rnd.weighted(FAN_COUNTRIES);
    const names = NAMES[country ?? "US"] ?? NAMES.US;
    if (!names) throw new Error("missing names");
    const given = rnd.pick(names.given);
    const family = rnd.pick(names.family);
    const username = uniqueUsername(
      rnd.chance(0.5)
        ? `${rnd.pick(HANDLE_PREFIXES)}${rnd.pick(HANDLE_SUFFIXES)}${rnd.int(1, 999)}`
        : `${given}${rnd.pick(["_", "", "."])}${rnd.pick(HANDLE_SUFFIXES)}${rnd.int(1, 99)}`,
    );
    const socialOnly = rnd.chance(0.02);
    const fan: FanRef = {
      id: nextId.user(),
      username,
      fullName: `${given} ${family}`,
      email: socialOnly ? null : `${username.toLowerCase()}@example.com`,
      country,
      createdAt: now - rnd.int(45, 380) * DAY - rnd.int(0, DAY - 1),
      gamertag: `${username}#${rnd.int(1000, 9999)}`,
      walletUser: rnd.chance(0.15),
    };
    addFan(fan);
    if (!large || i < 5000) {
      if (socialOnly || rnd.chance(0.1)) {
        data.oauthAccounts.push({
          id: nextId.oauth(),
          userId: fan.id,
          provider: rnd.chance(0.7) ? "discord" : "google",
          providerUserId: String(rnd.int(100_000_000, 999_999_999)) + String(rnd.int(100_000_000, 999_999_999)),
          providerEmail: fan.email,
          createdAt: at(fan.createdAt),
        });
      }
      if (rnd.chance(0.6)) {
        for (const platform of rnd.sample(gamertagNetworks, rnd.int(1, 2))) {
          data.userGamertags.push({
            id: nextId.gamertag(),
            userId: fan.id,
            platform,
            tag: platform === "riot" || platform === "battlenet" ? fan.gamertag : username,
            createdAt: at(fan.createdAt + HOUR),
          });
        }
      }
    }
  }
  data.userGamertags.push(
    { id: nextId.gamertag(), userId: demoFan.id, platform: "riot", tag: demoFan.gamertag, createdAt: at(demoCreated) },
    { id: nextId.gamertag(), userId: demoFan.id, platform: "epic", tag: "DemoFanEpic", createdAt: at(demoCreated) },
  );

  // ---------------------------------------------------------------- influencer profiles and onboarding
  const landingCount = large ? 24 : 12;
  const verifiedIds = new Set<string>();
  const landingIds = new Set([demoInfluencer.id, ...rnd.sample(otherInfluencers, landingCount - 1).map((i) => i.id)]);
  for (const influencer of influencers) {
    const isDemo = influencer === demoInfluencer;
    const submitted = isDemo || rnd.chance(0.6);
    const verified = isDemo || (submitted && rnd.chance(0.7));
    const submittedAt = influencer.createdAt + rnd.int(1, 20) * DAY;
    const verifiedAt = verified ? submittedAt + rnd.int(1, 5) * DAY : null;
    if (verified) verifiedIds.add(influencer.id);
    data.influencerProfiles.push({
      userId: influencer.id,
      profession: influencer.profession,
      showAtLanding: landingIds.has(influencer.id),
      platformFeeBps: influencer.feeBps,
      popularity: 0,
      isVerified: verified,
      verifiedAt: verifiedAt === null ? null : at(verifiedAt),
      discordBotEnabled: rnd.chance(0.3),
      createdAt: at(influencer.createdAt),
      updatedAt: at(verifiedAt ?? influencer.createdAt),
    });
    if (submitted)
      data.bankDetails.push(bankDetailsFor(rnd, influencer, nextId.bank(), submittedAt, verifiedAt, adminId));
  }

  // ---------------------------------------------------------------- promo codes
  const promos: PromoRef[] = [];
  const addPromo = (row: Omit<Row<"promoCodes">, "id" | "createdAt" | "updatedAt">, createdAt: number) => {
    const ref: PromoRef = {
      row: { id: nextId.promo(), ...row, createdAt: at(createdAt), updatedAt: at(createdAt) },
      uses: 0,
      usedBy: new Set(),
    };
    data.promoCodes.push(ref.row);
    promos.push(ref);
    return ref;
  };
  const welcome = addPromo(
    {
      code: "WELCOME10",
      description: "10% off a first booking",
      kind: "percent",
      value: 1000,
      currency: null,
      expiresAt: at(now + 180 * DAY),
      maxUses: large ? null : 500,
      maxUsesPerUser: 1,
      influencerId: null,
      isActive: true,
      createdBy: adminId,
    },
    now - 120 * DAY,
  );
  addPromo(
    {
      code: "FIVEOFF",
      description: "$5 off any booking over $20",
      kind: "fixed",
      value: 500,
      currency: "USD",
      expiresAt: at(now + 60 * DAY),
      maxUses: 200,
      maxUsesPerUser: 2,
      influencerId: null,
      isActive: true,
      createdBy: adminId,
    },
    now - 20 * DAY,
  );
  addPromo(
    {
      code: "SUMMERSLAM",
      description: "Summer event, expired",
      kind: "percent",
      value: 2000,
      currency: null,
      expiresAt: at(now - 60 * DAY),
      maxUses: 100,
      maxUsesPerUser: 1,
      influencerId: null,
      isActive: true,
      createdBy: adminId,
    },
    now - 150 * DAY,
  );
  addPromo(
    {
      code: "BETATESTERS",
      description: "Closed beta thank-you, switched off",
      kind: "percent",
      value: 5000,
      currency: null,
      expiresAt: null,
      maxUses: 50,
      maxUsesPerUser: 1,
      influencerId: null,
      isActive: false,
      createdBy: adminId,
    },
    now - 300 * DAY,
  );
  const demoStarPromo = addPromo(
    {
      code: "DEMOSTAR15",
      description: "15% off DemoStar's gigs",
      kind: "percent",
      value: 1500,
      currency: null,
      expiresAt: at(now + 90 * DAY),
      maxUses: null,
      maxUsesPerUser: 3,
      influencerId: demoInfluencer.id,
      isActive: true,
      createdBy: demoInfluencer.id,
    },
    now - 45 * DAY,
  );
  for (const influencer of rnd.sample(otherInfluencers, Math.min(otherInfluencers.length, large ? 50 : 5))) {
    addPromo(
      {
        code: `${influencer.handle
          .toUpperCase()
          .replaceAll(/[^A-Z0-9]/g, "")
          .slice(0, 24)}${rnd.pick([10, 15, 20])}`,
        description: `${influencer.handle}'s community code`,
        kind: "percent",
        value: rnd.pick([1000, 1500, 2000]),
        currency: null,
        expiresAt: at(now + rnd.int(10, 120) * DAY),
        maxUses: rnd.pick([50, 100, null]),
        maxUsesPerUser: 1,
        influencerId: influencer.id,
        isActive: true,
        createdBy: influencer.id,
      },
      now - rnd.int(40, 90) * DAY,
    );
  }

  // ---------------------------------------------------------------- gigs
  const gigs: GigRef[] = [];
  const demoGigCount = Math.min(5, gigCount);
  for (let i = 0; i < gigCount; i++) {
    const influencer =
      i < demoGigCount || otherInfluencers.length === 0
        ? demoInfluencer
        : (otherInfluencers[(i - demoGigCount) % otherInfluencers.length] as InfluencerRef);
    const ownGame = influencer.gameSlugs.length > 0 && rnd.chance(0.85);
    const game = ownGame
      ? (gameBySlug.get(rnd.pick(influencer.gameSlugs)) ?? rnd.weighted(gameWeights))
      : rnd.weighted(gameWeights);
    const { id: modeId, mode } = rnd.pick(game.modes);
    const platformId = rnd.pick(game.platformIds);
    const createdAt = now - rnd.int(HISTORY_DAYS + 10, 200) * DAY - rnd.int(0, DAY - 1);
    const archived = influencer !== demoInfluencer && rnd.chance(0.04);
    const title = gigTitle(rnd, game.game, mode);
    const description = gigDescription(rnd, game.game, mode);
    const requirements: Requirement[] = rnd
      .sample(game.game.requirements, rnd.int(1, Math.min(3, game.game.requirements.length)))
      .map((requirement) => ({ key: requirement.key, value: rnd.pick(requirement.values) }));
    if (rnd.chance(0.3)) requirements.push({ key: "Discord", value: "Join my server before the session starts" });
    const dollars = rnd.int(5, 60);
    const priceMinor = dollars === 60 ? 6000 : dollars * 100 + rnd.pick([0, 0, 0, 49, 99]);
    const row: Row<"products"> = {
      id: nextId.product(),
      influencerId: influencer.id,
      title,
      description,
      gameId: game.id,
      gameModeId: modeId,
      platformId,
      priceMinor,
      currency: "USD",
      baseCurrency: influencer.country === "IN" ? "INR" : "USD",
      requirements,
      coverImageUrl: null,
      coverImageKey: null,
      archivedAt: archived ? at(now - rnd.int(1, 25) * DAY) : null,
      popularity: 0,
      bookingCount: 0,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    };
    data.products.push(row);
    const tags = new Set(rnd.sample(game.game.tags, rnd.int(1, large ? 2 : 3)));
    if (rnd.chance(large ? 0.3 : 0.6)) tags.add(rnd.pick(GENERIC_TAGS));
    for (const tag of tags) data.productTags.push({ productId: row.id, tag });
    const gig: GigRef = { row, influencer, game, mode, modeId, platformId };
    gigs.push(gig);
    influencer.gigs.push(gig);
  }

  // ---------------------------------------------------------------- slots
  type SlotRef = { row: Row<"slots">; gig: GigRef; start: number; end: number; free: number; buyers: Set<string> };
  const upcomingSlots: SlotRef[] = [];
  const pastSlots: SlotRef[] = [];
  /** Places a slot on a free hour of the influencer's calendar; day is relative to now. */
  const placeSlot = (gig: GigRef, dayMin: number, dayMax: number): SlotRef | null => {
    const hours = Math.ceil(gig.mode.duration / 60);
    for (let attempt = 0; attempt < 8; attempt++) {
      const day = rnd.int(dayMin, dayMax);
      const hour = rnd.int(10, 23 - (hours - 1));
      const start = now + day * DAY + hour * HOUR + rnd.pick([0, 0, 30]) * MINUTE;
      const firstHour = Math.floor(start / HOUR);
      const lastHour = Math.floor((start + gig.mode.duration * MINUTE - 1) / HOUR);
      let free = true;
      for (let h = firstHour; h <= lastHour; h++) if (gig.influencer.occupied.has(h)) free = false;
      if (!free) continue;
      for (let h = firstHour; h <= lastHour; h++) gig.influencer.occupied.add(h);
      const end = start + gig.mode.duration * MINUTE;
      const created = Math.min(start - DAY, now - rnd.int(1, 10) * DAY);
      const row: Row<"slots"> = {
        id: nextId.slot(),
        influencerId: gig.influencer.id,
        productId: gig.row.id,
        startsAt: at(start),
        endsAt: at(end),
        seats: gig.mode.players,
        status: "open",
        createdAt: at(Math.max(created, gig.row.createdAt?.getTime() ?? created)),
        updatedAt: at(Math.max(created, gig.row.createdAt?.getTime() ?? created)),
      };
      data.slots.push(row);
      return { row, gig, start, end, free: gig.mode.players, buyers: new Set<string>() };
    }
    return null;
  };
  for (const gig of gigs) {
    const isDemo = gig.influencer === demoInfluencer;
    if (!gig.row.archivedAt) {
      const upcoming = isDemo ? rnd.int(6, 8) : large ? (rnd.chance(0.15) ? 2 : 1) : rnd.int(3, 5);
      for (let n = 0; n < upcoming; n++) {
        const slot = placeSlot(gig, 0, BOOKABLE_DAYS - 1);
        if (slot) upcomingSlots.push(slot);
      }
    }
    const past = isDemo ? rnd.int(3, 4) : large ? (rnd.chance(0.2) ? 1 : 0) : rnd.int(0, 2);
    for (let n = 0; n < past; n++) {
      const slot = placeSlot(gig, -HISTORY_DAYS, -1);
      if (slot) pastSlots.push(slot);
    }
  }

  // ---------------------------------------------------------------- orders, bookings, wallet
  /**
   * What a wallet user may still spend: top-ups minus wallet purchases. Refunds are left out
   * on purpose: orders are not generated in time order, so counting a refund could let an
   * earlier-dated purchase spend money that only arrived later. Since every top-up predates
   * every purchase, the ledger balance then stays >= 0 at every instant.
   */
  const walletBalance = new Map<string, number>();
  const topUp = (fan: FanRef, amount: number, when: number) => {
    const orderId = nextId.order();
    data.orders.push({
      id: orderId,
      userId: fan.id,
      influencerId: null,
      kind: "wallet_topup",
      status: "paid",
      amountMinor: amount,
      currency: "USD",
      discountMinor: 0,
      refundedMinor: 0,
      promoCodeId: null,
      paymentMethod: "card",
      checkoutSessionId: `cs_test_seed_${orderId}`,
      paymentIntentId: `pi_seed_${orderId}`,
      paidAt: at(when + 2 * MINUTE),
      createdAt: at(when),
      updatedAt: at(when + 2 * MINUTE),
    });
    recordCheckoutEvent(orderId, when + 2 * MINUTE);
    data.walletEntries.push({
      id: nextId.wallet(),
      userId: fan.id,
      amountMinor: amount,
      currency: "USD",
      kind: "topup",
      orderId,
      note: "Wallet top-up",
      createdAt: at(when + 2 * MINUTE),
    });
    walletBalance.set(fan.id, (walletBalance.get(fan.id) ?? 0) + amount);
  };
  const recordCheckoutEvent = (orderId: string, when: number) => {
    if (large) return;
    data.paymentEvents.push({
      id: nextId.event(),
      provider: "stripe",
      providerEventId: `evt_seed_${orderId}`,
      type: "checkout.session.completed",
      payload: {
        id: `evt_seed_${orderId}`,
        type: "checkout.session.completed",
        data: { object: { id: `cs_test_seed_${orderId}`, payment_status: "paid", metadata: { orderId } } },
      },
      orderId,
      receivedAt: at(when),
      processedAt: at(when + 1000),
    });
  };
  // Wallet users top up before any history starts, so balances never dip below zero.
  for (const fan of fans) {
    if (!fan.walletUser) continue;
    topUp(
      fan,
      fan === demoFan ? 10_000 : rnd.pick([2500, 5000, 10_000]),
      now - (HISTORY_DAYS + 10) * DAY + rnd.int(0, 12) * HOUR,
    );
  }

  const refundToWallet = (orderRow: Row<"orders">, amount: number, when: number, reason: string) => {
    const refundId = nextId.refund();
    data.refunds.push({
      id: refundId,
      orderId: orderRow.id,
      amountMinor: amount,
      currency: "USD",
      method: "wallet",
      status: "succeeded",
      reason,
      providerRefundId: null,
      createdBy: null,
      createdAt: at(when),
      updatedAt: at(when),
    });
    data.walletEntries.push({
      id: nextId.wallet(),
      userId: orderRow.userId,
      amountMinor: amount,
      currency: "USD",
      kind: "refund",
      orderId: orderRow.id,
      refundId,
      note: reason,
      createdAt: at(when),
    });
  };

  /** A paid (or abandoned) order for a slot booking or VIP place, with payment method and promo. */
  const createOrder = (spec: {
    fan: FanRef;
    influencerId: string;
    kind: "slot_booking" | "vip_queue";
    slotId?: string;
    liveSessionId?: string;
    subtotal: number;
    createdAt: number;
    paid: boolean;
    promoAllowed: boolean;
  }): Row<"orders"> => {
    const orderId = nextId.order();
    let discount = 0;
    let promo: PromoRef | null = null;
    if (spec.promoAllowed && spec.paid && rnd.chance(0.1)) {
      const candidate = spec.influencerId === demoInfluencer.id && rnd.chance(0.5) ? demoStarPromo : welcome;
      const limit = candidate.row.maxUses ?? Number.POSITIVE_INFINITY;
      const perUser = candidate.row.maxUsesPerUser ?? Number.POSITIVE_INFINITY;
      const userUses = candidate.usedBy.has(spec.fan.id) ? 1 : 0;
      if (candidate.uses < limit && userUses < perUser && candidate.usedBy.size < limit) {
        promo = candidate;
        discount = Math.round((spec.subtotal * candidate.row.value) / 10_000);
      }
    }
    const amount = spec.subtotal - discount;
    const paidAt = spec.createdAt + rnd.int(1, 6) * MINUTE;
    const balance = walletBalance.get(spec.fan.id) ?? 0;
    const useWallet = spec.paid && spec.fan.walletUser && balance >= amount && rnd.chance(0.6);
    const row: Row<"orders"> = {
      id: orderId,
      userId: spec.fan.id,
      influencerId: spec.influencerId,
      kind: spec.kind,
      status: spec.paid ? "paid" : "cancelled",
      amountMinor: amount,
      currency: "USD",
      discountMinor: discount,
      refundedMinor: 0,
      promoCodeId: promo?.row.id ?? null,
      paymentMethod: useWallet ? "wallet" : "card",
      checkoutSessionId: useWallet ? null : `cs_test_seed_${orderId}`,
      paymentIntentId: useWallet || !spec.paid ? null : `pi_seed_${orderId}`,
      slotId: spec.slotId ?? null,
      liveSessionId: spec.liveSessionId ?? null,
      validatedAt: null,
      validatedBy: null,
      paidAt: spec.paid ? at(paidAt) : null,
      createdAt: at(spec.createdAt),
      updatedAt: at(spec.paid ? paidAt : spec.createdAt + 30 * MINUTE),
    };
    data.orders.push(row);
    if (promo) {
      promo.uses++;
      promo.usedBy.add(spec.fan.id);
      data.promoRedemptions.push({
        id: nextId.redemption(),
        promoCodeId: promo.row.id,
        userId: spec.fan.id,
        orderId,
        discountMinor: discount,
        createdAt: at(spec.createdAt),
      });
    }
    if (useWallet) {
      data.walletEntries.push({
        id: nextId.wallet(),
        userId: spec.fan.id,
        amountMinor: -amount,
        currency: "USD",
        kind: "purchase",
        orderId,
        note: spec.kind === "vip_queue" ? "VIP queue place" : "Slot booking",
        createdAt: at(paidAt),
      });
      walletBalance.set(spec.fan.id, balance - amount);
    } else if (spec.paid) {
      recordCheckoutEvent(orderId, paidAt);
    }
    return row;
  };

  const validate = (order: Row<"orders">, when: number) => {
    if (when >= now) return;
    order.validatedAt = at(when);
    order.validatedBy = rnd.chance(0.7) ? adminId : financeId;
    order.updatedAt = at(when);
  };

  type BookingRef = { booking: Row<"bookings">; order: Row<"orders">; slot: SlotRef; fan: FanRef };
  const bookingsMade: BookingRef[] = [];
  const bookSlot = (slot: SlotRef, fan: FanRef, seats: number, past: boolean) => {
    if (seats > slot.free || slot.buyers.has(fan.id)) throw new Error("seed bug: overbooking or double booking");
    slot.buyers.add(fan.id);
    const gig = slot.gig;
    const createdAt = past
      ? slot.start - rnd.int(1, 7) * DAY - rnd.int(0, 600) * MINUTE
      : Math.min(now - rnd.int(1, 72) * HOUR, slot.start - HOUR);
    const outcome: "completed" | "no_show" | "cancelled" | "partial" | "abandoned" | "late" | "confirmed" = past
      ? rnd.weighted([
          ["completed", 80],
          ["no_show", 6],
          ["cancelled", 7],
          ["partial", 3],
          ["abandoned", 3],
          ["late", 1],
        ] as const)
      : rnd.chance(0.04)
        ? "abandoned"
        : "confirmed";
    const paid = outcome !== "abandoned";
    const order = createOrder({
      fan,
      influencerId: gig.influencer.id,
      kind: "slot_booking",
      slotId: slot.row.id,
      subtotal: gig.row.priceMinor * seats,
      createdAt,
      paid,
      promoAllowed: outcome !== "late",
    });
    const paidAt = order.paidAt?.getTime() ?? createdAt;
    let status: BookingStatus;
    let cancelledAt: number | null = null;
    const holdExpiresAt = createdAt + 10 * MINUTE;
    switch (outcome) {
      case "completed":
      case "partial":
        status = "completed";
        break;
      case "no_show":
        status = "no_show";
        break;
      case "confirmed":
        status = "confirmed";
        break;
      case "cancelled": {
        status = "cancelled";
        cancelledAt = paidAt + Math.floor((slot.start - paidAt) / 2);
        break;
      }
      default:
        status = "expired";
    }
    const booking: Row<"bookings"> = {
      id: nextId.booking(),
      slotId: slot.row.id,
      userId: fan.id,
      orderId: order.id,
      seats,
      status,
      holdExpiresAt: at(holdExpiresAt),
      confirmedAt: status === "expired" || outcome === "late" ? null : at(paidAt),
      cancelledAt: cancelledAt === null ? null : at(cancelledAt),
      createdAt: at(createdAt),
      updatedAt: at(cancelledAt ?? (status === "expired" ? holdExpiresAt : paidAt)),
    };
    data.bookings.push(booking);
    for (let position = 0; position < seats; position++) {
      data.bookingGamertags.push({
        id: nextId.bookingTag(),
        bookingId: booking.id,
        position,
        gamertag: position === 0 ? fan.gamertag : `${fan.username.slice(0, 20)}Friend${position}`,
        createdAt: at(createdAt),
        updatedAt: at(createdAt),
      });
    }
    if (status === "confirmed" || status === "completed" || status === "no_show") {
      slot.free -= seats;
      gig.row.bookingCount = (gig.row.bookingCount ?? 0) + 1;
    }
    // Money after the fact.
    if (outcome === "cancelled") {
      order.status = "refunded";
      order.refundedMinor = order.amountMinor;
      order.updatedAt = at(cancelledAt ?? paidAt);
      if (order.amountMinor > 0)
        refundToWallet(
          order,
          order.amountMinor,
          cancelledAt ?? paidAt,
          "Cancelled by buyer more than 24 hours before the start",
        );
    } else if (outcome === "late") {
      // DOMAIN.md: a payment that arrives after its hold expired and the seat is gone is refunded.
      order.paidAt = at(holdExpiresAt + rnd.int(5, 30) * MINUTE);
      order.status = "refunded";
      order.refundedMinor = order.amountMinor;
      order.updatedAt = at(holdExpiresAt + HOUR);
      if (order.amountMinor > 0)
        refundToWallet(order, order.amountMinor, holdExpiresAt + HOUR, "Payment arrived after the seat hold expired");
    } else if (outcome === "partial" && order.amountMinor >= 2) {
      const amount = Math.floor(order.amountMinor / 2);
      order.status = "partially_refunded";
      order.refundedMinor = amount;
      const when = slot.end + rnd.int(1, 2) * DAY;
      order.updatedAt = at(when);
      data.refunds.push({
        id: nextId.refund(),
        orderId: order.id,
        amountMinor: amount,
        currency: "USD",
        method: order.paymentMethod === "wallet" ? "wallet" : "card",
        status: "succeeded",
        reason: "Session cut short by a game server outage",
        providerRefundId: order.paymentMethod === "wallet" ? null : `re_seed_${order.id}`,
        createdBy: adminId,
        createdAt: at(when),
        updatedAt: at(when),
      });
      const refundRow = data.refunds[data.refunds.length - 1];
      if (order.paymentMethod === "wallet" && refundRow) {
        data.walletEntries.push({
          id: nextId.wallet(),
          userId: fan.id,
          amountMinor: amount,
          currency: "USD",
          kind: "refund",
          orderId: order.id,
          refundId: refundRow.id,
          note: "Partial refund",
          createdAt: at(when),
        });
      }
    }
    if (status === "completed" && order.status === "paid" && rnd.chance(0.7))
      validate(order, slot.end + rnd.int(6, 72) * HOUR);
    bookingsMade.push({ booking, order, slot, fan });
  };

  const fillSlot = (slot: SlotRef, past: boolean, extraBuyers: FanRef[] = []) => {
    const buyers = [...extraBuyers, ...rnd.sample(fans, rnd.int(1, Math.min(4, slot.row.seats)))];
    for (const fan of buyers) {
      if (slot.buyers.has(fan.id) || slot.free <= 0) continue;
      const seats = Math.min(
        slot.free,
        rnd.weighted([
          [1, 70],
          [2, 20],
          [3, 10],
        ] as const),
      );
      bookSlot(slot, fan, seats, past);
    }
  };
  const fillRate = large ? { past: 0.5, upcoming: 0.1 } : { past: 0.8, upcoming: 0.35 };
  for (const slot of pastSlots) {
    const demoSlot = slot.gig.influencer === demoInfluencer;
    if (demoSlot || rnd.chance(fillRate.past)) fillSlot(slot, true, demoSlot && rnd.chance(0.5) ? [demoFan] : []);
  }
  for (const slot of upcomingSlots) {
    const demoSlot = slot.gig.influencer === demoInfluencer;
    if (rnd.chance(demoSlot ? 0.6 : fillRate.upcoming)) fillSlot(slot, false);
  }
  // The demo fan always has upcoming sessions and a past one.
  for (const slot of rnd.sample(
    upcomingSlots.filter((s) => s.free > 0 && !s.buyers.has(demoFan.id)),
    3,
  ))
    bookSlot(slot, demoFan, 1, false);
  const demoPast = pastSlots.find((s) => s.free > 0 && s.gig.influencer !== demoInfluencer);
  if (demoPast) bookSlot(demoPast, demoFan, 1, true);
  // Streamer-cancelled future slots (no bookings on them).
  for (const slot of upcomingSlots) {
    if (slot.free === slot.row.seats && rnd.chance(0.02)) {
      slot.row.status = "cancelled";
      slot.row.updatedAt = at(now - HOUR);
    }
  }

  // Lobby codes: past slots that were played, and booked slots starting within a day.
  const lobbySlots = new Set<string>();
  for (const { slot, booking } of bookingsMade) {
    const soon = slot.start < now + DAY;
    if (lobbySlots.has(slot.row.id) || !(booking.status === "completed" || (booking.status === "confirmed" && soon)))
      continue;
    lobbySlots.add(slot.row.id);
    data.lobbyCodes.push({
      id: nextId.lobby(),
      slotId: slot.row.id,
      liveSessionId: null,
      code: lobbyCode(rnd),
      createdAt: at(Math.min(slot.start, now)),
      updatedAt: at(Math.min(slot.start, now)),
    });
  }

  // ---------------------------------------------------------------- live sessions and queues
  type LiveRef = { row: Row<"liveSessions">; influencer: InfluencerRef; open: boolean };
  const lives: LiveRef[] = [];
  const startLive = (influencer: InfluencerRef, startedAt: number, endedAt: number | null) => {
    const gig = rnd.pick(influencer.gigs);
    const streaming = rnd.chance(0.75);
    const slug = influencer.handle.toLowerCase();
    const row: Row<"liveSessions"> = {
      id: nextId.live(),
      influencerId: influencer.id,
      title: truncate(`LIVE: ${gig.row.title}`, TITLE_MAX),
      description: gig.row.description ?? "",
      gameId: gig.game.id,
      gameModeId: gig.modeId,
      platformId: gig.platformId,
      priceMinor: rnd.int(5, 20) * 100,
      currency: "USD",
      baseCurrency: influencer.country === "IN" ? "INR" : "USD",
      isStreaming: streaming,
      streamingLink: streaming
        ? rnd.chance(0.5)
          ? `https://player.twitch.tv/?channel=${slug}&parent=localhost`
          : `https://www.youtube.com/embed/live_stream?channel=UC${rnd.string(22, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")}`
        : null,
      requirements: gig.row.requirements ?? [],
      bannerUrl: null,
      bannerKey: null,
      thumbnailUrl: null,
      thumbnailKey: null,
      startedAt: at(startedAt),
      endedAt: endedAt === null ? null : at(endedAt),
      createdAt: at(startedAt),
      updatedAt: at(endedAt ?? startedAt),
    };
    data.liveSessions.push(row);
    const tags = new Set(rnd.sample(gig.game.game.tags, rnd.int(1, 3)));
    tags.add("live");
    for (const tag of tags) data.liveSessionTags.push({ liveSessionId: row.id, tag });
    data.lobbyCodes.push({
      id: nextId.lobby(),
      slotId: null,
      liveSessionId: row.id,
      code: lobbyCode(rnd),
      createdAt: at(startedAt),
      updatedAt: at(startedAt),
    });
    const ref: LiveRef = { row, influencer, open: endedAt === null };
    lives.push(ref);
    return ref;
  };

  const nonDemoFans = fans.filter((fan) => fan !== demoFan);
  const fillQueue = (live: LiveRef, includeDemoFan: boolean) => {
    const startedAt = live.row.startedAt.getTime();
    const endedAt = live.row.endedAt?.getTime() ?? null;
    const span = (endedAt ?? now) - startedAt;
    const count = rnd.int(4, 12);
    const people = rnd.sample(nonDemoFans, count);
    if (includeDemoFan) people.push(demoFan);
    type Entry = { fan: FanRef; lane: QueueLane; joinedAt: number; position: number };
    const entries: Entry[] = people
      .map((fan, index) => ({
        fan,
        lane: (fan === demoFan ? "regular" : rnd.chance(0.25) ? "vip" : "regular") as QueueLane,
        joinedAt:
          fan === demoFan
            ? startedAt + Math.floor(span * 0.9)
            : startedAt + Math.floor((span * 0.85 * (index + rnd.next())) / count),
        position: 0,
      }))
      .sort((a, b) => a.joinedAt - b.joinedAt);
    entries.forEach((entry, index) => {
      entry.position = index + 1;
    });
    // Order of service: VIP before regular, then join order.
    const service = [...entries].sort((a, b) =>
      a.lane === b.lane ? a.position - b.position : a.lane === "vip" ? -1 : 1,
    );
    const doneCount = live.open ? rnd.int(1, 3) : service.length - rnd.int(0, 2);
    service.forEach((entry, index) => {
      let state: QueueState;
      if (live.open) {
        if (entry.fan === demoFan) state = "waiting";
        else if (index < doneCount) state = "done";
        else if (index === doneCount) state = "in_game";
        else if (index === doneCount + 1) state = "playing_next";
        else state = rnd.chance(0.1) ? "left" : "waiting";
      } else if (index < doneCount) state = "done";
      else state = entry.lane === "vip" ? "refunded" : "left";
      const finishedAt = (ACTIVE_QUEUE_STATES as readonly string[]).includes(state)
        ? null
        : Math.min(entry.joinedAt + rnd.int(5, 40) * MINUTE, endedAt ?? now - MINUTE);
      let orderId: string | null = null;
      if (entry.lane === "vip") {
        const order = createOrder({
          fan: entry.fan,
          influencerId: live.influencer.id,
          kind: "vip_queue",
          liveSessionId: live.row.id,
          subtotal: live.row.priceMinor,
          // Paid (at most 6 minutes later) before the place is taken.
          createdAt: entry.joinedAt - 8 * MINUTE,
          paid: true,
          promoAllowed: false,
        });
        orderId = order.id;
        if (state === "refunded" && endedAt !== null) {
          // DOMAIN.md: unserved VIP places are refunded to the wallet when the session ends.
          order.status = "refunded";
          order.refundedMinor = order.amountMinor;
          order.updatedAt = at(endedAt);
          refundToWallet(order, order.amountMinor, endedAt, "Live session ended before the VIP place was served");
        } else if (state === "done" && !live.open && rnd.chance(0.6)) {
          validate(order, (endedAt ?? now) + rnd.int(6, 48) * HOUR);
        }
      }
      data.queueEntries.push({
        id: nextId.queue(),
        liveSessionId: live.row.id,
        userId: entry.fan.id,
        lane: entry.lane,
        state,
        position: entry.position,
        orderId,
        gamertag: entry.fan.gamertag,
        joinedAt: at(entry.joinedAt),
        finishedAt: finishedAt === null ? null : at(finishedAt),
        updatedAt: at(finishedAt ?? entry.joinedAt),
      });
    });
  };

  const liveCandidates = otherInfluencers.filter((influencer) => influencer.gigs.length > 0);
  const liveNow = rnd.sample(liveCandidates, Math.min(liveCandidates.length, large ? 40 : 4));
  liveNow.forEach((influencer, index) => {
    const live = startLive(influencer, now - rnd.int(10, 120) * MINUTE, null);
    const user = userRowById.get(influencer.id);
    if (user) user.liveSessionId = live.row.id;
    fillQueue(live, index === 0);
  });
  const endedCount = large ? 200 : 12;
  const endedHosts = [
    ...(demoInfluencer.gigs.length > 0 ? [demoInfluencer, demoInfluencer] : []),
    ...rnd.sample(liveCandidates, Math.min(liveCandidates.length, endedCount)),
  ];
  for (const influencer of endedHosts.slice(0, endedCount)) {
    const startedAt = now - rnd.int(2, HISTORY_DAYS - 2) * DAY + rnd.int(12, 20) * HOUR;
    const live = startLive(influencer, startedAt, startedAt + rnd.int(60, 180) * MINUTE);
    fillQueue(live, false);
  }

  // ---------------------------------------------------------------- payouts
  const payoutRates = { ...DEFAULT_PAYOUT_TAX_BPS };
  const payableByInfluencer = new Map<string, Row<"orders">[]>();
  for (const order of data.orders) {
    if (order.status !== "paid" || !order.validatedAt || !order.influencerId) continue;
    const list = payableByInfluencer.get(order.influencerId) ?? [];
    list.push(order);
    payableByInfluencer.set(order.influencerId, list);
  }
  const addPayout = (
    influencer: InfluencerRef,
    orders: Row<"orders">[],
    status: "draft" | "completed" | "removed",
    periodStart: number,
    periodEnd: number,
    created: number,
  ) => {
    if (orders.length === 0) return;
    const id = nextId.payout();
    const totals = payoutTotals(orders, { platformFeeBps: influencer.feeBps, ...payoutRates });
    const completedAt = status === "completed" ? created + rnd.int(2, 5) * DAY : null;
    const removedAt = status === "removed" ? created + HOUR : null;
    data.payouts.push({
      id,
      influencerId: influencer.id,
      periodStart: at(periodStart),
      periodEnd: at(periodEnd),
      status,
      platformFeeBps: influencer.feeBps,
      ...payoutRates,
      currency: "USD",
      ...totals,
      spreadsheetKey: completedAt === null ? null : `payouts/${id}.xlsx`,
      createdBy: financeId,
      activatedAt: completedAt === null ? null : at(created + DAY),
      completedAt: completedAt === null ? null : at(completedAt),
      removedAt: removedAt === null ? null : at(removedAt),
      createdAt: at(created),
      updatedAt: at(completedAt ?? removedAt ?? created),
    });
    for (const order of orders) {
      data.payoutOrders.push({ payoutId: id, orderId: order.id, active: status !== "removed", createdAt: at(created) });
    }
  };
  const cutoff = now - 15 * DAY;
  for (const influencer of influencers) {
    const payable = payableByInfluencer.get(influencer.id) ?? [];
    const isDemo = influencer === demoInfluencer;
    // Payouts need verified onboarding (DOMAIN.md).
    if (payable.length === 0 || !verifiedIds.has(influencer.id) || (!isDemo && !rnd.chance(0.5))) continue;
    const older = payable.filter(
      (order) => (order.paidAt?.getTime() ?? 0) < cutoff && (order.validatedAt?.getTime() ?? now) < cutoff,
    );
    const newer = payable.filter((order) => !older.includes(order));
    const start = now - (HISTORY_DAYS + 10) * DAY;
    addPayout(influencer, older, "completed", start, cutoff, cutoff + rnd.int(1, 2) * DAY);
    if (isDemo || rnd.chance(0.4)) {
      // The demo star also has a removed draft whose order was merged into the current draft.
      if (isDemo && newer.length > 1)
        addPayout(influencer, newer.slice(0, 1), "removed", cutoff, now - 3 * DAY, now - 2 * DAY);
      addPayout(influencer, newer, "draft", cutoff, now, now);
    }
  }

  // ---------------------------------------------------------------- favourites, notifications, preferences
  const socialFans = large ? fans.slice(0, 2000) : fans;
  const activeGigs = gigs.filter((gig) => !gig.row.archivedAt);
  const liveHosts = new Set(liveNow.map((influencer) => influencer.id));
  const notify = (
    userId: string,
    type: NotificationType,
    title: string,
    url: string,
    when: number,
    influencerId: string | null,
  ) => {
    data.notifications.push({
      id: nextId.notification(),
      userId,
      type,
      title,
      image: null,
      url,
      influencerId,
      isRead: when < now - 3 * DAY ? rnd.chance(0.85) : rnd.chance(0.2),
      createdAt: at(when),
    });
  };
  for (const fan of socialFans) {
    const isDemo = fan === demoFan;
    const created = Math.max(fan.createdAt, now - 60 * DAY);
    const favGigs = rnd.sample(activeGigs, isDemo ? 6 : rnd.int(0, 5));
    for (const gig of favGigs)
      data.favouriteGigs.push({
        userId: fan.id,
        productId: gig.row.id,
        createdAt: at(created + rnd.int(1, 40) * HOUR),
      });
    const favStars = new Set(rnd.sample(otherInfluencers, isDemo ? 3 : rnd.int(0, 3)));
    if (isDemo) for (const influencer of liveNow.slice(0, 2)) favStars.add(influencer);
    for (const influencer of favStars) {
      data.favouriteStars.push({
        userId: fan.id,
        influencerId: influencer.id,
        createdAt: at(created + rnd.int(1, 40) * HOUR),
      });
      if (liveHosts.has(influencer.id)) {
        const live = lives.find((l) => l.open && l.influencer === influencer);
        if (live)
          notify(
            fan.id,
            "live",
            `${influencer.handle} is live: ${live.row.title}`,
            `/live/${live.row.id}`,
            live.row.startedAt.getTime(),
            influencer.id,
          );
      } else if (rnd.chance(0.4)) {
        notify(
          fan.id,
          "new_slots",
          `${influencer.handle} added new slots`,
          `/star/${influencer.id}`,
          now - rnd.int(1, 96) * HOUR,
          influencer.id,
        );
      }
    }
    for (const game of rnd.sample(games, isDemo ? 3 : rnd.int(0, 2)))
      data.favouriteGames.push({ userId: fan.id, gameId: game.id, createdAt: at(created) });
    if (isDemo || rnd.chance(0.3)) {
      data.discordPreferences.push({
        userId: fan.id,
        upcomingSlots: true,
        favoriteCreatorSlots: rnd.chance(0.7),
        favoriteCreatorLive: rnd.chance(0.8),
        promotions: rnd.chance(0.3),
        updatedAt: at(created),
      });
    }
    if (isDemo || rnd.chance(0.15))
      notify(
        fan.id,
        "promotion",
        "Use WELCOME10 for 10% off your first booking",
        "/browse",
        now - rnd.int(5, 40) * DAY,
        null,
      );
  }
  const socialFanIds = new Set(socialFans.map((fan) => fan.id));
  for (const { booking, order, slot, fan } of bookingsMade) {
    if (!socialFanIds.has(fan.id) || !order.paidAt) continue;
    const gigTitle = slot.gig.row.title;
    if (booking.status === "cancelled" || order.status === "refunded") {
      notify(
        fan.id,
        "booking",
        `Refunded: ${gigTitle}`,
        `/gig/${slot.gig.row.id}`,
        order.updatedAt?.getTime() ?? now - DAY,
        slot.gig.influencer.id,
      );
    } else {
      notify(
        fan.id,
        "booking",
        `Booking confirmed: ${gigTitle}`,
        `/gig/${slot.gig.row.id}`,
        order.paidAt.getTime(),
        slot.gig.influencer.id,
      );
      if (lobbySlots.has(slot.row.id) && slot.start >= now) {
        notify(
          fan.id,
          "lobby_code",
          `Lobby code ready for ${gigTitle}`,
          `/gig/${slot.gig.row.id}`,
          now - HOUR,
          slot.gig.influencer.id,
        );
      }
    }
  }
  notify(
    demoInfluencer.id,
    "system",
    "Your onboarding details were verified",
    "/influencer/profile",
    now - 100 * DAY,
    null,
  );

  // ---------------------------------------------------------------- moderation
  const reportable = nonDemoFans;
  const reportCount = Math.min(reportable.length, large ? 60 : 8);
  const reported = rnd.sample(reportable, reportCount);
  const reasons = [
    "Abusive language in voice chat",
    "Cheating (aim assist software)",
    "Shared lobby code publicly",
    "Spam in live session chat",
    "Impersonating a creator",
    "Harassment after the match",
  ];
  reported.forEach((target, index) => {
    const status = index % 4 === 0 ? "banned" : index % 4 === 1 ? "reviewed" : "pending";
    const createdAt = now - rnd.int(1, 25) * DAY;
    const reviewedAt = status === "pending" ? null : createdAt + rnd.int(2, 48) * HOUR;
    const reportId = nextId.report();
    const reporter = rnd.pick(fans);
    data.reports.push({
      id: reportId,
      reporterId: reporter.id === target.id ? demoFan.id : reporter.id,
      reportedUserId: target.id,
      reason: rnd.pick(reasons),
      details: "Reported after a booked session; see the session time for context.",
      status,
      createdAt: at(createdAt),
      reviewedAt: reviewedAt === null ? null : at(reviewedAt),
      reviewedBy: reviewedAt === null ? null : adminId,
    });
    if (status === "banned" && reviewedAt !== null) {
      const unbanned = index === 4 ? reviewedAt + 7 * DAY : null;
      data.bans.push({
        id: nextId.ban(),
        userId: target.id,
        reportId,
        reason: "Violation of the conduct rules",
        bannedAt: at(reviewedAt),
        bannedBy: adminId,
        unbannedAt: unbanned === null || unbanned >= now ? null : at(unbanned),
        unbannedBy: unbanned === null || unbanned >= now ? null : adminId,
      });
      const user = userRowById.get(target.id);
      if (user && (unbanned === null || unbanned >= now)) user.isActive = false;
    }
  });

  // ---------------------------------------------------------------- contact, suggestions, analytics, unsubscribes
  CONTACT_MESSAGES.forEach((message, index) => {
    const fan = rnd.pick(fans);
    data.contactSubmissions.push({
      id: nextId.contact(),
      name: fan.fullName,
      email: fan.email ?? `visitor${index}@example.org`,
      subject: message.subject,
      message: message.message,
      ip: ip(),
      userId: rnd.chance(0.7) ? fan.id : null,
      createdAt: at(now - rnd.int(1, 30) * DAY - rnd.int(0, 23) * HOUR),
    });
  });
  for (const name of ["Tenz", "Shroud", "Mortal", "Pokimane", "Scout"]) {
    data.starSuggestions.push({
      id: nextId.suggestion(),
      starName: name,
      userId: rnd.pick(fans).id,
      createdAt: at(now - rnd.int(1, 60) * DAY),
    });
  }
  const searches = [
    "valorant coach",
    "fortnite",
    "apex ranked",
    "minecraft realm",
    "fc 25",
    "among us lobby",
    "cs2 premier",
  ];
  for (const fan of socialFans.slice(0, 40)) {
    data.analyticsEvents.push({
      id: nextId.analytics(),
      name: "registration",
      userId: fan.id,
      properties: { method: fan.email ? "email" : "discord" },
      createdAt: at(fan.createdAt),
    });
    data.analyticsEvents.push({
      id: nextId.analytics(),
      name: "login",
      userId: fan.id,
      properties: { method: "email" },
      createdAt: at(now - rnd.int(1, 20) * DAY),
    });
    if (rnd.chance(0.5))
      data.analyticsEvents.push({
        id: nextId.analytics(),
        name: "search",
        userId: fan.id,
        properties: { query: rnd.pick(searches) },
        createdAt: at(now - rnd.int(1, 20) * DAY),
      });
    if (rnd.chance(0.3))
      data.analyticsEvents.push({
        id: nextId.analytics(),
        name: "see_all_click",
        userId: fan.id,
        properties: { section: rnd.pick(["stars", "gigs", "games"]) },
        createdAt: at(now - rnd.int(1, 20) * DAY),
      });
  }
  const unsubscriber = fans.find((fan) => fan !== demoFan && fan.email);
  if (unsubscriber?.email)
    data.emailUnsubscribes.push({ id: nextId.unsubscribe(), email: unsubscriber.email, createdAt: at(now - 10 * DAY) });

  // ---------------------------------------------------------------- content and configuration
  const contentAt = at(now - 21 * DAY);
  const configs: [string, Row<"configurations">["value"], string][] = [
    [CONFIG_KEYS.websitePasswordEnabled, false, "Require the site-wide access password before anything else"],
    [CONFIG_KEYS.platformFees, DEFAULT_PLATFORM_FEE_BPS / 100, "Default platform fee (percent) for new influencers"],
    [
      CONFIG_KEYS.payoutTaxes,
      PAYOUT_TAXES_PERCENT,
      "Default payout taxes, percent: indirect tax, indirect tax on platform fees, TDS",
    ],
    [CONFIG_KEYS.minimumPrice, { USD: 500, INR: 10_000 }, "Minimum gig and VIP price, minor units per base currency"],
    [CONFIG_KEYS.bookingHoldMinutes, 10, "How long seats are held while the buyer pays"],
    [CONFIG_KEYS.aboutUs, ABOUT_US, "About us page"],
    [CONFIG_KEYS.cancellationPolicy, CANCELLATION_POLICY, "Cancellation policy page"],
  ];
  for (const [key, value, description] of configs) {
    data.configurations.push({ key, value, description, updatedBy: adminId, updatedAt: contentAt });
  }
  data.legalDocuments.push(
    {
      id: nextId.legal(),
      type: "mainTermsAndConditions",
      content: TERMS_OF_SERVICE,
      updatedBy: adminId,
      updatedAt: contentAt,
    },
    {
      id: nextId.legal(),
      type: "mainPrivacyPolicy",
      content: PRIVACY_POLICY,
      updatedBy: adminId,
      updatedAt: contentAt,
    },
    {
      id: nextId.legal(),
      type: "vipQueueTermsAndConditions",
      content: VIP_QUEUE_TERMS,
      updatedBy: adminId,
      updatedAt: contentAt,
    },
  );
  FAQS.forEach((faq, index) => {
    data.faqs.push({
      id: nextId.faq(),
      question: faq.question,
      answer: faq.answer,
      sortOrder: index,
      isPublished: true,
      createdAt: contentAt,
      updatedAt: contentAt,
    });
  });
  data.exchangeRates.push({
    id: nextId.rate(),
    base: "USD",
    quote: "INR",
    rateMicros: Math.round(USD_TO_INR * RATE_SCALE),
    fetchedAt: at(now),
    nextUpdateAt: at(now + DAY),
    source: "seed",
  });

  // ---------------------------------------------------------------- popularity scores
  const starScore = new Map<string, number>();
  for (const gig of gigs) {
    gig.row.popularity = (gig.row.bookingCount ?? 0) * 10 + rnd.int(0, 50);
    starScore.set(gig.influencer.id, (starScore.get(gig.influencer.id) ?? 0) + (gig.row.popularity ?? 0));
  }
  for (const favourite of data.favouriteStars)
    starScore.set(favourite.influencerId, (starScore.get(favourite.influencerId) ?? 0) + 25);
  for (const profile of data.influencerProfiles) profile.popularity = starScore.get(profile.userId) ?? 0;

  return data;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function gigTitle(rnd: Random, game: SeedGame, mode: SeedMode): string {
  const template = rnd.chance(0.55) ? rnd.pick(game.titles) : rnd.pick(GENERIC_TITLES);
  const title = template.replaceAll("{mode}", mode.name).replaceAll("{game}", game.name);
  return title.length <= TITLE_MAX ? title : `${game.name}: ${mode.name}`.slice(0, TITLE_MAX);
}

function gigDescription(rnd: Random, game: SeedGame, mode: SeedMode): string {
  const fill = (sentence: string) => sentence.replaceAll("{mode}", mode.name).replaceAll("{game}", game.name);
  const sentences = [fill(rnd.pick(GIG_OPENERS)), ...rnd.sample(GIG_MIDDLES, rnd.int(1, 3))];
  if (rnd.chance(0.7)) sentences.push(rnd.pick(GIG_CLOSERS));
  const seats = mode.players === 1 ? "one fan" : `up to ${mode.players} fans`;
  sentences.push(`Each slot runs about ${mode.duration} minutes with ${seats}.`);
  return sentences.join(" ");
}

function lobbyCode(rnd: Random): string {
  return `NB-${rnd.string(6, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789")}`;
}

const BANKS: Record<string, { names: readonly string[]; kind: BankIdentifierKind; phone: string }> = {
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
const IBAN_COUNTRIES = new Set(["DE", "FR", "ES", "PT", "PL", "IE", "SE", "CZ"]);

function bankDetailsFor(
  rnd: Random,
  influencer: InfluencerRef,
  id: string,
  submittedAt: number,
  verifiedAt: number | null,
  verifierId: string,
): SeedData["bankDetails"][number] {
  const digits = (n: number) => rnd.string(n, "0123456789");
  const upper = (n: number) => rnd.string(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  const bank = BANKS[influencer.country] ?? {
    names: IBAN_COUNTRIES.has(influencer.country)
      ? ["N26", "Revolut", "ING", "Deutsche Bank"]
      : ["Standard Chartered", "Citibank"],
    kind: (IBAN_COUNTRIES.has(influencer.country) ? "IBAN" : "SWIFT Code") as BankIdentifierKind,
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
    IBAN: () => `${influencer.country}${digits(2)}${digits(18)}`,
    "SWIFT Code": () => `${upper(4)}${influencer.country}${upper(2)}`,
    "Bank Code": () => digits(4),
  };
  return {
    id,
    userId: influencer.id,
    accountHolderName: influencer.fullName,
    address: `${rnd.int(1, 250)} ${rnd.pick(["Market Street", "Park Avenue", "Station Road", "High Street", "Lake View"])}, ${influencer.country}`,
    bankName,
    country: influencer.country,
    fullName: influencer.fullName,
    gamingName: influencer.handle,
    mobileNumber: `${bank.phone}${digits(8)}`,
    tshirtSize: rnd.pick(TSHIRT_SIZES),
    accountNumber: digits(rnd.int(10, 14)),
    bankIdentifierKind: bank.kind,
    bankIdentifierValue: identifier[bank.kind](),
    statementKey: `onboarding/${influencer.id}/bank-statement.pdf`,
    agreementKey: `onboarding/${influencer.id}/signed-agreement.pdf`,
    isVerified: verifiedAt !== null,
    verifiedAt: verifiedAt === null ? null : new Date(verifiedAt),
    verifiedBy: verifiedAt === null ? null : verifierId,
    createdAt: new Date(submittedAt),
    updatedAt: new Date(verifiedAt ?? submittedAt),
  };
}
