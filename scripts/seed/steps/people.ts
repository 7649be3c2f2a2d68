import { hashPassword } from "~/features/auth/password.server";
import { DEFAULT_PLATFORM_FEE_BPS, PROFESSIONS, type Profession } from "~db/schema";
import { GAMES } from "../data/catalogue";
import {
  BIO_CLOSERS,
  BIO_MIDDLES,
  BIO_OPENERS,
  FAN_COUNTRIES,
  HANDLE_PREFIXES,
  HANDLE_SUFFIXES,
  NAMES,
  STREAMERS,
} from "../data/people";
import { DEMO_ACCOUNTS, type DemoAccount, demoUserId } from "../demo-accounts";
import {
  bankDetailsFor,
  DAY,
  type FanRef,
  HOUR,
  MINUTE,
  type Row,
  type SeedContext,
  type StreamerRef,
} from "../shared";
import type { SeedCatalogueOut } from "./catalogue";

/** Accounts: demo passwords, staff and demo accounts, influencers, fans, influencer profiles and onboarding. */

/** Seed: demo accounts (hashing first). */
export async function seedDemoPasswords(ctx: SeedContext) {
  const { rnd } = ctx;
  const demoHashes = await Promise.all(
    DEMO_ACCOUNTS.map((account) => {
      const salt = rnd.bytes(16);
      return hashPassword(account.password, salt);
    }),
  );
  return { demoHashes };
}
export type SeedDemoPasswordsOut = Awaited<ReturnType<typeof seedDemoPasswords>>;

/** Seed: demo staff and accounts. */
export function seedDemoStaff(ctx: SeedContext, deps: Pick<SeedDemoPasswordsOut, "demoHashes">) {
  const { usernames, now, data, at, ip } = ctx;
  const { demoHashes } = deps;
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
      isStreamer: account.isStreamer,
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
  return { demoAccount, demoCreated, adminId, financeId };
}
export type SeedDemoStaffOut = ReturnType<typeof seedDemoStaff>;

/** Seed: influencers. */
export function seedStreamers(
  ctx: SeedContext,
  deps: Pick<SeedCatalogueOut, "gameBySlug"> & Pick<SeedDemoStaffOut, "demoAccount" | "demoCreated">,
) {
  const { usernames, rnd, now, streamerCount, data, at, nextId, uniqueUsername, ip } = ctx;
  const { demoAccount, demoCreated, gameBySlug } = deps;
  const streamers: StreamerRef[] = [];
  const userRowById = new Map<string, Row<"users">>();
  const addStreamer = (spec: {
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
      isStreamer: true,
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
    const ref: StreamerRef = {
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
    streamers.push(ref);
    return ref;
  };

  const demoStar = demoAccount("influencer");
  usernames.add(demoStar.account.username.toLowerCase());
  const demoStreamer = addStreamer({
    id: demoUserId("influencer"),
    handle: demoStar.account.username,
    fullName: demoStar.account.fullName,
    country: "IN",
    profession: "Streamer",
    gameSlugs: ["valorant", "fortnite", "minecraft"],
    email: demoStar.account.email,
    createdAt: demoCreated,
  });
  const demoStarRow = data.users.find((user) => user.id === demoStreamer.id);
  if (demoStarRow) demoStarRow.timeZone = "Asia/Kolkata";
  data.credentials.push({
    userId: demoStreamer.id,
    passwordHash: demoStar.hash,
    createdAt: at(demoCreated),
    updatedAt: at(demoCreated),
  });

  for (let i = 1; i < streamerCount; i++) {
    const curated = STREAMERS[i - 1];
    const createdAt = now - rnd.int(210, 520) * DAY - rnd.int(0, DAY - 1);
    if (curated) {
      usernames.add(curated.handle.toLowerCase());
      addStreamer({
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
      addStreamer({
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
  const otherStreamers = streamers.filter((streamer) => streamer !== demoStreamer);
  return { streamers, userRowById, demoStreamer, otherStreamers };
}
export type SeedStreamersOut = ReturnType<typeof seedStreamers>;

/** Seed: fans. */
export function seedFans(
  ctx: SeedContext,
  deps: Pick<SeedDemoStaffOut, "demoAccount" | "demoCreated"> & Pick<SeedStreamersOut, "userRowById">,
) {
  const { usernames, rnd, now, fanCount, large, data, at, nextId, uniqueUsername, ip } = ctx;
  const { demoAccount, demoCreated, userRowById } = deps;
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
      isStreamer: false,
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
    // They live in India and saved their zone (docs/decisions/019-viewer-time-zone.md).
    timeZone: "Asia/Kolkata",
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
  return { fans, demoFan };
}
export type SeedFansOut = ReturnType<typeof seedFans>;

/** Seed: influencer profiles and onboarding. */
export function seedStreamerProfiles(
  ctx: SeedContext,
  deps: Pick<SeedDemoStaffOut, "adminId"> & Pick<SeedStreamersOut, "demoStreamer" | "streamers" | "otherStreamers">,
) {
  const { rnd, large, data, at, nextId } = ctx;
  const { adminId, demoStreamer, streamers, otherStreamers } = deps;
  const landingCount = large ? 24 : 12;
  const verifiedIds = new Set<string>();
  const landingIds = new Set([demoStreamer.id, ...rnd.sample(otherStreamers, landingCount - 1).map((i) => i.id)]);
  for (const streamer of streamers) {
    const isDemo = streamer === demoStreamer;
    const submitted = isDemo || rnd.chance(0.6);
    const verified = isDemo || (submitted && rnd.chance(0.7));
    const submittedAt = streamer.createdAt + rnd.int(1, 20) * DAY;
    const verifiedAt = verified ? submittedAt + rnd.int(1, 5) * DAY : null;
    if (verified) verifiedIds.add(streamer.id);
    data.streamerProfiles.push({
      userId: streamer.id,
      profession: streamer.profession,
      showAtLanding: landingIds.has(streamer.id),
      platformFeeBps: streamer.feeBps,
      popularity: 0,
      isVerified: verified,
      verifiedAt: verifiedAt === null ? null : at(verifiedAt),
      discordBotEnabled: rnd.chance(0.3),
      createdAt: at(streamer.createdAt),
      updatedAt: at(verifiedAt ?? streamer.createdAt),
    });
    if (submitted)
      data.bankDetails.push(bankDetailsFor(rnd, streamer, nextId.bank(), submittedAt, verifiedAt, adminId));
  }
  return { verifiedIds };
}
export type SeedStreamerProfilesOut = ReturnType<typeof seedStreamerProfiles>;
