import type { CatalogueWorld } from "./catalogue-world";

/**
 * Thousands of generated rows on top of the known catalogue (stars, gigs, tags, slots, fans, favourites),
 * live sessions (mostly ended), orders and bookings, written by a few recursive-CTE statements, so query
 * plans (and ANALYZE statistics) see tables of a realistic shape. Raw SQL on purpose: one statement per table
 * writes thousands of rows, where a factory's insert per row would take minutes.
 */
export async function bulkCatalogue(
  d1: D1Database,
  world: CatalogueWorld,
  { streamers, gigsPerStar, fans }: { streamers: number; gigsPerStar: number; fans: number },
) {
  const now = Date.now();
  const numbers = (count: number) =>
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`;
  const { fortnite, valorant } = world.games;
  const pc = world.platforms.pc.id;
  await d1.batch([
    d1.prepare(`${numbers(streamers)}
      INSERT INTO users (id, username, full_name, email, is_influencer, country, created_at, updated_at)
      SELECT 'bs' || i, 'bulkstar' || i, 'Bulk Star ' || i, 'bs' || i || '@example.com', 1,
        CASE i % 4 WHEN 0 THEN 'IN' WHEN 1 THEN 'US' WHEN 2 THEN 'GB' ELSE 'BR' END, ${now} - i, ${now} FROM n`),
    d1.prepare(`${numbers(streamers)}
      INSERT INTO influencer_profiles (user_id, profession, show_at_landing, popularity, created_at, updated_at)
      SELECT 'bs' || i, CASE i % 3 WHEN 0 THEN 'Streamer' WHEN 1 THEN 'Coach' ELSE 'Pro Player' END,
        i % 50 = 0, (i * 7) % 1000, ${now} - i * 1000, ${now} FROM n`),
    d1
      .prepare(`${numbers(streamers * gigsPerStar)}
      INSERT INTO products (id, influencer_id, title, description, game_id, game_mode_id, platform_id, price_minor,
        list_price_minor, popularity, created_at, updated_at)
      SELECT 'bg' || i, 'bs' || ((i - 1) / ${gigsPerStar} + 1), 'Bulk gig ' || i || CASE i % 3 WHEN 0 THEN ' ranked build' ELSE ' duo fun' END,
        'Generated gig number ' || i, CASE i % 2 WHEN 0 THEN ? ELSE ? END, CASE i % 2 WHEN 0 THEN ? ELSE ? END, ?,
        500 + (i * 37) % 9000, 500 + (i * 37) % 9000, (i * 13) % 500, ${now} - i * 1000, ${now} FROM n`)
      .bind(fortnite.id, valorant.id, fortnite.modeId, valorant.modeId, pc),
    d1.prepare(`${numbers(streamers * gigsPerStar)}
      INSERT INTO product_tags (product_id, tag) SELECT 'bg' || i, CASE i % 3 WHEN 0 THEN 'ranked' ELSE 'duo' END FROM n`),
    d1.prepare(`${numbers(streamers * gigsPerStar)}
      INSERT INTO product_tags (product_id, tag) SELECT 'bg' || i, 'chill' FROM n WHERE i % 5 = 0`),
    d1.prepare(`${numbers(streamers * 6)}
      INSERT INTO slots (id, influencer_id, product_id, starts_at, ends_at, seats, created_at, updated_at)
      SELECT 'bslot' || i, 'bs' || ((i - 1) / 6 + 1), 'bg' || (((i - 1) / 6) * ${gigsPerStar} + 1),
        ${now} + (i % 6 - 3) * 86400000 + i * 1000, ${now} + (i % 6 - 3) * 86400000 + i * 1000 + 1800000, 2, ${now}, ${now} FROM n`),
    d1.prepare(`${numbers(fans)}
      INSERT INTO users (id, username, full_name, email, country, created_at, updated_at)
      SELECT 'bf' || i, 'bulkfan' || i, 'Bulk Fan ' || i, 'bf' || i || '@example.com', 'US', ${now}, ${now} FROM n`),
    d1.prepare(`${numbers(fans)}
      INSERT INTO favourite_gigs (user_id, product_id, created_at) SELECT 'bf' || i, 'bg' || (i % ${streamers * gigsPerStar} + 1), ${now} FROM n`),
    d1.prepare(`${numbers(fans)}
      INSERT INTO favourite_stars (user_id, influencer_id, created_at) SELECT 'bf' || i, 'bs' || (i % ${streamers} + 1), ${now} FROM n`),
    d1.prepare(`${numbers(streamers * 6)}
      INSERT INTO orders (id, user_id, influencer_id, kind, status, amount_minor, payment_method, slot_id, paid_at, created_at, updated_at)
      SELECT 'bo' || i, 'bf' || (i % ${fans} + 1), 'bs' || ((i - 1) / 6 + 1), 'slot_booking', 'paid', 1000, 'card', 'bslot' || i,
        ${now}, ${now}, ${now} FROM n`),
    d1.prepare(`${numbers(streamers * 6)}
      INSERT INTO bookings (id, slot_id, user_id, order_id, seats, status, confirmed_at, created_at, updated_at)
      SELECT 'bb' || i, 'bslot' || i, 'bf' || (i % ${fans} + 1), 'bo' || i, 1, 'confirmed', ${now}, ${now}, ${now} FROM n`),
    d1
      .prepare(`${numbers(streamers * 3)}
      INSERT INTO live_sessions (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor,
        started_at, ended_at, created_at, updated_at)
      SELECT 'bls' || i, 'bs' || ((i - 1) / 3 + 1), 'Bulk live ' || i, ?, ?, ?, 500 + i % 700, 500 + i % 700, ${now} - i * 3600000 - 86400000,
        ${now} - i * 3600000 - 82800000, ${now}, ${now} FROM n`)
      .bind(fortnite.id, fortnite.modeId, pc),
    d1
      .prepare(`${numbers(Math.floor(streamers / 20))}
      INSERT INTO live_sessions (id, influencer_id, title, game_id, game_mode_id, platform_id, price_minor, list_price_minor,
        started_at, created_at, updated_at)
      SELECT 'blo' || i, 'bs' || (i * 20), 'Bulk open live ' || i, ?, ?, ?, 500 + i, 500 + i, ${now} - i * 60000, ${now}, ${now} FROM n`)
      .bind(valorant.id, valorant.modeId, pc),
    d1.prepare(`UPDATE users SET live_session_id = (SELECT ls.id FROM live_sessions ls WHERE ls.influencer_id = users.id
      AND ls.ended_at IS NULL) WHERE id LIKE 'bs%'`),
    d1.prepare(`INSERT INTO live_session_tags (live_session_id, tag)
      SELECT id, CASE rowid % 2 WHEN 0 THEN 'chill' ELSE 'ranked' END FROM live_sessions WHERE id LIKE 'bl%'`),
    d1
      .prepare(`${numbers(20)}
      INSERT INTO favourite_gigs (user_id, product_id, created_at) SELECT ?, 'bg' || (i * 7), ${now} FROM n`)
      .bind(world.fan.id),
    d1
      .prepare(`${numbers(10)}
      INSERT INTO favourite_stars (user_id, influencer_id, created_at) SELECT ?, 'bs' || (i * 3), ${now} FROM n`)
      .bind(world.fan.id),
  ]);
}
