import {
  createBooking,
  createGame,
  createGig,
  createLiveSession,
  createPlatform,
  createSlot,
  createStreamer,
  createUser,
} from "./factories";

const DAY = 86_400_000;

/**
 * A small, fully known catalogue for integration tests: 5 platforms, 3 games, 4 stars, 7 active gigs and
 * one archived gig, one live session, slots and bookings. Names, prices, popularity and dates are chosen so
 * every filter and sort has a distinct, checkable answer.
 */
export async function createCatalogueWorld(d1: D1Database, now = Date.now()) {
  const ps = await createPlatform(d1, "playstation", "PlayStation", 1);
  await createPlatform(d1, "xbox", "XBOX", 2);
  const pc = await createPlatform(d1, "pc", "PC", 3);
  const android = await createPlatform(d1, "android", "Android", 4);
  const ios = await createPlatform(d1, "ios", "iOS", 5);

  const fortnite = await createGame(
    d1,
    { name: "Fortnite", slug: "fortnite", popularity: 300, showLanding: true, description: "Battle royale" },
    { platformIds: [ps.id, pc.id, android.id, ios.id], noOfPlayers: 3 },
  );
  const valorant = await createGame(
    d1,
    { name: "Valorant", slug: "valorant", popularity: 200, showLanding: true, description: "Tactical shooter" },
    { platformIds: [pc.id] },
  );
  const chess = await createGame(
    d1,
    { name: "Chess Arena", slug: "chess-arena", popularity: 100, description: "Board game classics" },
    { platformIds: [pc.id, ios.id], modeName: "Blitz", noOfPlayers: 1 },
  );

  const aarav = await createStreamer(
    d1,
    { username: "aarav", fullName: "Aarav Plays", country: "IN", socialLinks: { twitch: "https://twitch.tv/aarav" } },
    { profession: "Streamer", popularity: 50, createdAt: new Date(now - 40 * DAY) },
  );
  const bella = await createStreamer(
    d1,
    { username: "bellafrags", fullName: "Bella Frags", country: "US", bio: "Pro player, EU servers." },
    { profession: "Pro Player", popularity: 90, showAtLanding: true, createdAt: new Date(now - 30 * DAY) },
  );
  const chen = await createStreamer(
    d1,
    { username: "chencoach", fullName: "Chen Coach", country: "SG" },
    { profession: "Coach", popularity: 10, showAtLanding: true, createdAt: new Date(now - 20 * DAY) },
  );
  const dana = await createStreamer(
    d1,
    { username: "danabuilds", fullName: "dana builds", country: "US" },
    { profession: "Content Creator", popularity: 30, createdAt: new Date(now - 10 * DAY) },
  );

  const at = (days: number) => new Date(now - days * DAY);
  const gig1 = await createGig(
    d1,
    aarav.id,
    fortnite,
    {
      title: "Build fights with Aarav",
      description: "Box fights and build battles.",
      platformId: ps.id,
      priceMinor: 1500,
      popularity: 40,
      createdAt: at(7),
    },
    ["duo", "chill"],
  );
  const gig2 = await createGig(
    d1,
    bella.id,
    fortnite,
    { title: "Zero build ranked", platformId: pc.id, priceMinor: 2500, popularity: 80, createdAt: at(6) },
    ["ranked"],
  );
  const gig3 = await createGig(
    d1,
    chen.id,
    valorant,
    {
      title: "Valorant aim coaching",
      description: "x".repeat(350),
      priceMinor: 4000,
      popularity: 20,
      createdAt: at(5),
      requirements: [{ key: "Rank", value: "Gold or above" }],
    },
    ["coaching", "ranked"],
  );
  const gig4 = await createGig(
    d1,
    bella.id,
    valorant,
    { title: "Unrated Valorant fun", priceMinor: 800, popularity: 60, createdAt: at(4) },
    ["chill"],
  );
  const gig5 = await createGig(
    d1,
    chen.id,
    chess,
    {
      title: "chess openings 101",
      description: "Coaching for beginners.",
      priceMinor: 1200,
      popularity: 10,
      createdAt: at(3),
    },
    ["coaching"],
  );
  const gig6 = await createGig(
    d1,
    dana.id,
    fortnite,
    { title: "Mobile Fortnite duos", platformId: android.id, priceMinor: 999, popularity: 50, createdAt: at(2) },
    ["duo"],
  );
  const gig7 = await createGig(d1, dana.id, chess, {
    title: "Speed chess blitz",
    platformId: ios.id,
    priceMinor: 600,
    popularity: 5,
    createdAt: at(1),
  });
  const archived = await createGig(d1, bella.id, fortnite, {
    title: "Old archived gig",
    platformId: pc.id,
    popularity: 1000,
    archivedAt: at(1),
  });

  const live = await createLiveSession(d1, aarav.id, fortnite, { title: "Late night Fortnite", startedAt: at(0.05) }, [
    "chill",
    "late-night",
  ]);

  // Slots of gig 3 (Chen): two upcoming, seven past (past sessions page in sixes).
  const upcoming1 = await createSlot(d1, chen.id, gig3.id, new Date(now + 1 * DAY), { seats: 3 });
  const upcoming2 = await createSlot(d1, chen.id, gig3.id, new Date(now + 2 * DAY), { seats: 2 });
  const past = [];
  for (let i = 1; i <= 7; i++) past.push(await createSlot(d1, chen.id, gig3.id, new Date(now - i * DAY)));

  const fan = await createUser(d1, { username: "fanfan", fullName: "Fan Fan" });
  const other = await createUser(d1, { username: "otherfan" });
  // upcoming1: 3 seats, 1 confirmed + 1 held (live) + 1 expired hold + 1 cancelled -> 1 left.
  await createBooking(d1, { id: upcoming1.id, influencerId: chen.id }, fan.id, "confirmed");
  await createBooking(d1, { id: upcoming1.id, influencerId: chen.id }, other.id, "held");
  await createBooking(d1, { id: upcoming1.id, influencerId: chen.id }, other.id, "held", 1, new Date(now - 60_000));
  await createBooking(d1, { id: upcoming1.id, influencerId: chen.id }, other.id, "cancelled");

  return {
    now,
    platforms: { ps, pc, android, ios },
    games: { fortnite, valorant, chess },
    streamers: { aarav, bella, chen, dana },
    gigs: { gig1, gig2, gig3, gig4, gig5, gig6, gig7, archived },
    live,
    slots: { upcoming1, upcoming2, past },
    fan,
    other,
  };
}

export type CatalogueWorld = Awaited<ReturnType<typeof createCatalogueWorld>>;
