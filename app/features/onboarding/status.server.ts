import { eq } from "drizzle-orm";
import type { Viewer } from "~/features/access";
import { assertReadBusiness } from "~/features/access";
import { getDb } from "~/platform/db.server";
import { bankDetails } from "~db/schema";

export type OnboardingStatus = "not_submitted" | "submitted" | "verified";

/** Where the streamer's onboarding stands (docs/domain.md: unverified, then verified). */
export async function onboardingStatus(
  env: Env,
  viewer: Viewer | null,
  streamerId: string,
): Promise<{ status: OnboardingStatus; submittedAt: Date | null; verifiedAt: Date | null }> {
  assertReadBusiness(viewer, streamerId, "onboarding");
  const row = await getDb(env)
    .select({
      isVerified: bankDetails.isVerified,
      updatedAt: bankDetails.updatedAt,
      verifiedAt: bankDetails.verifiedAt,
    })
    .from(bankDetails)
    .where(eq(bankDetails.userId, streamerId))
    .get();
  if (!row) return { status: "not_submitted", submittedAt: null, verifiedAt: null };
  return { status: row.isVerified ? "verified" : "submitted", submittedAt: row.updatedAt, verifiedAt: row.verifiedAt };
}
