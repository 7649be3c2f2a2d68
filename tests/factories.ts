import { drizzle } from "drizzle-orm/d1";
import { newId } from "../app/lib/id";
import { users } from "../db/schema";

type NewUser = typeof users.$inferInsert;

/** Inserts a user with sensible defaults; tests override what they care about. */
export async function createUser(db: D1Database, overrides: Partial<NewUser> = {}) {
  const id = overrides.id ?? newId();
  const [user] = await drizzle(db)
    .insert(users)
    .values({
      id,
      username: `player_${id.slice(0, 8)}`,
      fullName: "Test Player",
      email: `${id}@example.com`,
      emailVerifiedAt: new Date(),
      country: "US",
      ...overrides,
    })
    .returning();
  if (!user) throw new Error("user not inserted");
  return user;
}
