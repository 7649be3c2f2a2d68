import { asc, desc, eq, isNull } from "drizzle-orm";
import { getDb } from "~/platform/db.server";
import { banners, games, liveSessions, products, users } from "../../../db/schema";

const LANDING_GIGS = 8;
const LANDING_LIVE = 6;

/** Everything the landing page shows, read in one D1 round trip (a batch). */
export async function getLanding(env: Env) {
  const db = getDb(env);
  const [bannerRows, gameRows, gigRows, liveRows] = await db.batch([
    db
      .select({ id: banners.id, title: banners.title, description: banners.description, imageUrl: banners.imageUrl })
      .from(banners)
      .where(eq(banners.isActive, true))
      .orderBy(asc(banners.sortOrder)),
    db
      .select({ id: games.id, name: games.name, imageUrl: games.imageUrl, primaryColor: games.primaryColor })
      .from(games)
      .where(eq(games.showLanding, true))
      .orderBy(desc(games.popularity)),
    db
      .select({
        id: products.id,
        title: products.title,
        priceMinor: products.priceMinor,
        currency: products.currency,
        coverImageUrl: products.coverImageUrl,
        gameName: games.name,
        starName: users.fullName,
        starId: users.id,
      })
      .from(products)
      .innerJoin(games, eq(games.id, products.gameId))
      .innerJoin(users, eq(users.id, products.influencerId))
      .where(isNull(products.archivedAt))
      .orderBy(desc(products.popularity))
      .limit(LANDING_GIGS),
    db
      .select({
        id: liveSessions.id,
        title: liveSessions.title,
        starName: users.fullName,
        gameName: games.name,
        thumbnailUrl: liveSessions.thumbnailUrl,
      })
      .from(liveSessions)
      .innerJoin(users, eq(users.id, liveSessions.influencerId))
      .innerJoin(games, eq(games.id, liveSessions.gameId))
      .where(isNull(liveSessions.endedAt))
      .orderBy(desc(liveSessions.startedAt))
      .limit(LANDING_LIVE),
  ]);
  return { banners: bannerRows, games: gameRows, gigs: gigRows, live: liveRows };
}
