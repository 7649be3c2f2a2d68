import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertManageBusiness, assertReadBusiness } from "~/features/access";
import { uploadPicture } from "~/features/profile/index.server";
import { AppError, isAppError, notFound } from "~/lib/errors";
import { newId } from "~/lib/id";
import type { z } from "~/lib/zod";
import { catalogueChangedStatement } from "~/platform/catalogue-version.server";
import { getDb } from "~/platform/db.server";
import { streamerProfiles, streamerSuggestions, users } from "~db/schema";
import type { streamerProfileSchema } from "./profile-schema";

/** The streamer's profile as they (or staff handling influencers) see it. */
export async function getStreamerProfile(env: Env, viewer: Viewer | null, streamerId: string) {
  assertReadBusiness(viewer, streamerId, "influencers");
  const row = await getDb(env)
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      bio: users.bio,
      pictureUrl: users.pictureUrl,
      profession: streamerProfiles.profession,
      showAtLanding: streamerProfiles.showAtLanding,
      platformFeeBps: streamerProfiles.platformFeeBps,
      isVerified: streamerProfiles.isVerified,
    })
    .from(users)
    .innerJoin(streamerProfiles, eq(streamerProfiles.userId, users.id))
    .where(eq(users.id, streamerId))
    .get();
  if (!row) throw notFound("Influencer not found");
  return row;
}

/**
 * Full name, bio, profession and (optionally) picture, in one batch; the picture goes through the profile
 * feature's upload (size and real type checked, random key in the media bucket).
 */
export async function updateStreamerProfile(
  env: Env,
  viewer: Viewer | null,
  input: z.output<typeof streamerProfileSchema>,
  image: File | null,
) {
  if (!viewer) throw notFound();
  assertManageBusiness(viewer, viewer.id);
  if (image) {
    // The picture's refusals belong to the form's "image" field.
    await uploadPicture(env, viewer.id, image).catch((thrown: unknown) => {
      throw isAppError(thrown) ? new AppError(thrown.status, thrown.message, "image") : thrown;
    });
  }
  const db = getDb(env);
  await db.batch([
    db
      .update(users)
      .set({ fullName: input.fullName, bio: input.bio, updatedAt: new Date() })
      .where(eq(users.id, viewer.id)),
    db
      .update(streamerProfiles)
      .set({ profession: input.profession, updatedAt: new Date() })
      .where(eq(streamerProfiles.userId, viewer.id)),
    // The star's public page shows these (docs/decisions/012).
    catalogueChangedStatement(db),
  ]);
  return getStreamerProfile(env, viewer, viewer.id);
}

/** A logged-in user suggests a creator to bring on board. */
export async function suggestStar(env: Env, viewer: Viewer, streamerName: string) {
  await getDb(env).insert(streamerSuggestions).values({ id: newId(), streamerName, userId: viewer.id });
}

export function streamerProfileJson(profile: Awaited<ReturnType<typeof getStreamerProfile>>) {
  return {
    _id: profile.id,
    username: profile.username,
    fullName: profile.fullName,
    bio: profile.bio ?? "",
    profession: profile.profession,
    image: profile.pictureUrl,
    images: { url: profile.pictureUrl },
    showAtLanding: profile.showAtLanding,
    platformFeesPercentage: profile.platformFeeBps / 100,
    isVerified: profile.isVerified,
  };
}
