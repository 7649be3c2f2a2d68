/** The user as the JSON API shows it, with the API's field names (docs/domain.md, "The API contract"). */
export function userJson(user: {
  id: string;
  username: string;
  fullName: string;
  email?: string | null;
  role: string;
  isActive?: boolean;
  isStreamer: boolean;
  isLive?: boolean | null;
  liveSessionId?: string | null;
  country: string | null;
  baseCurrency?: string | null;
  bio?: string | null;
  socialLinks?: Record<string, string>;
  pictureUrl: string | null;
  gamertags?: { id: string; platform: string; tag: string }[];
}) {
  return {
    _id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email ?? null,
    role: user.role,
    isActive: user.isActive ?? true,
    isInfluencer: user.isStreamer,
    isLive: !!user.isLive,
    _live_session_id: user.liveSessionId ?? null,
    images: { url: user.pictureUrl },
    country: user.country,
    baseCurrency: user.baseCurrency ?? (user.country === "IN" ? "INR" : "USD"),
    bio: user.bio ?? "",
    socialLinks: user.socialLinks ?? {},
    gamerTags: (user.gamertags ?? []).map((g) => ({ _id: g.id, platform: g.platform, gamerTag: g.tag })),
  };
}
