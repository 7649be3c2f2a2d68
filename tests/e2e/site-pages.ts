import { queryE2E } from "./db";
import { sessionsFor } from "./staff";

/**
 * The site's pages as each role opens them: the list the phone walk (phone.test.ts), the accessibility scan
 * (a11y.test.ts) and the form replies' check (form-replies.test.ts) go over. Resource routes (JSON, PDF, files,
 * OAuth redirects) are not pages and are left out.
 */
export type Role = "anonymous" | "fan" | "streamer" | "admin";
export const ROLES: Role[] = ["anonymous", "fan", "streamer", "admin"];

export type SiteIds = {
  gig: string;
  game: string;
  live: string | null;
  order: string;
  payoutStar: string;
  ownLive: string | null;
  draftPayoutStar: string;
};

type Cookie = { name: string; value: string };
export type RoleCookies = Record<Exclude<Role, "anonymous">, Cookie>;

/** The demo data's ids the pages need, and a session cookie for each signed-in role. */
export async function loadSite(): Promise<{ ids: SiteIds; cookies: RoleCookies }> {
  const [row] = queryE2E<SiteIds>(
    `SELECT
       (SELECT id FROM products WHERE influencer_id = 'usr_demo_influencer' AND archived_at IS NULL LIMIT 1) AS gig,
       (SELECT game_id FROM products WHERE influencer_id = 'usr_demo_influencer' LIMIT 1) AS game,
       (SELECT id FROM live_sessions WHERE ended_at IS NULL ORDER BY started_at DESC LIMIT 1) AS live,
       (SELECT id FROM live_sessions WHERE influencer_id = 'usr_demo_influencer' ORDER BY started_at DESC LIMIT 1) AS ownLive,
       (SELECT id FROM orders WHERE user_id = 'usr_demo_fan' AND kind = 'slot_booking' ORDER BY created_at DESC LIMIT 1) AS "order",
       (SELECT influencer_id FROM orders WHERE status = 'paid' AND influencer_id IS NOT NULL LIMIT 1) AS payoutStar,
       (SELECT influencer_id FROM payouts WHERE status IN ('draft', 'active') LIMIT 1) AS draftPayoutStar`,
  );
  if (!row) throw new Error("no demo data");
  const [fan, streamer, admin] = await sessionsFor(["usr_demo_fan", "usr_demo_influencer", "usr_demo_admin"]);
  if (!fan || !streamer || !admin) throw new Error("no sessions");
  return { ids: row, cookies: { fan, streamer, admin } };
}

const publicPages = (ids: SiteIds) => [
  "/",
  "/about-us",
  "/cancellation-policy",
  "/privacy-policy",
  "/terms-of-service",
  "/contact-us",
  "/browse",
  `/star/usr_demo_influencer`,
  `/gig/${ids.gig}`,
  `/game/${ids.game}`,
  ...(ids.live ? [`/live/${ids.live}`] : []),
  "/checkout/cancel",
  "/no/such/page",
];

/** Every page route (app/routes.ts) each role opens, with the demo data's ids filled in. */
export const SITE_PAGES: Record<Role, (ids: SiteIds) => string[]> = {
  anonymous: (ids) => [
    ...publicPages(ids),
    "/signup",
    "/signup-early-access",
    "/login",
    "/password-login",
    "/forgot-password",
    "/reset-password/not-a-token",
    "/streamer-password-setup/nobody%40example.com",
    "/signup/verify/not-a-token",
    "/signup/verifyotp/not-a-token/nobody%40example.com",
    "/unsubscribe/nobody%40example.com",
    "/admin/login",
  ],
  fan: (ids) => [
    ...publicPages(ids),
    "/profile",
    "/profile/data",
    `/profile/orders/${ids.order}`,
    `/profile/orders/${ids.order}/cancel`,
    `/profile/orders/${ids.order}/reschedule`,
    `/profile/orders/${ids.order}/review`,
    "/notifications",
    "/wallet/top-up",
    "/logout",
  ],
  streamer: (ids) => [
    "/influencer/dashboard",
    "/influencer/calendar-dashboard",
    "/influencer/profile",
    "/influencer/onboarding",
    "/influencer/products",
    "/influencer/products/new",
    `/influencer/products/${ids.gig}/edit`,
    `/influencer/products/${ids.gig}/pack`,
    "/influencer/pass",
    "/influencer/live/start",
    "/influencer/chat",
    ...(ids.ownLive ? [`/influencer/live/session/${ids.ownLive}`] : []),
    "/notifications",
    "/star/usr_demo_influencer",
  ],
  admin: (ids) => [
    "/admin/dashboard",
    `/admin/payout/influencer/${ids.payoutStar}`,
    "/admin/refunds",
    `/admin/validations/influencer-game-playing-validations/${ids.payoutStar}`,
    "/admin/reported-users",
    "/admin/reported-reviews",
    "/admin/games",
    "/admin/audit-log",
    "/admin/noobrd-giveaway",
    "/admin/privacy-policy",
    "/admin/terms-of-services",
    "/admin/terms-and-privacy",
    "/admin/faqs",
    "/admin/contact-us-submissions",
    "/admin/verify-onboarding-details",
    "/admin/configurations",
    "/admin/influencer",
    `/admin/influencer/${ids.payoutStar}`,
    "/admin/add-influencer",
    "/admin/manage-promo-codes",
    "/admin/games/add",
    `/admin/edit-game/${ids.game}`,
    "/admin/platforms",
    "/admin/platforms/add",
    "/admin/banners",
    "/admin/banners/add",
    "/admin/banned-users",
    `/profile/orders/${ids.order}`,
  ],
};
