import { canOpenAdmin, type Role, type Viewer } from "./policy";

/**
 * Which staff role may use which admin capability (docs/decisions/005-staff-capabilities.md).
 * Enforced on the server by requireStaff / requireApiStaff in every admin loader and action, and used by
 * the admin UI to hide what a role cannot do.
 */
export const CAPABILITIES = [
  "dashboard",
  "catalogue", // games, modes, platforms, banners
  "influencers", // register, remove, show at landing
  "platformFees",
  "payouts",
  "validations", // influencer-played validations of orders
  "moderation", // reports and bans
  "configurations",
  "content", // terms, privacy, FAQ
  "giveaway",
  "contactSubmissions",
  "promoCodes",
  "onboarding", // bank details and agreement verification
  "orders", // read any order and its invoice, a pack's or a pass's too (app/features/booking/order-access.ts)
  "audit", // read the staff audit log
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ALL: readonly Capability[] = CAPABILITIES;

export const STAFF_CAPABILITIES: Record<Exclude<Role, "user">, readonly Capability[]> = {
  admin: ALL,
  developer: ["dashboard", "catalogue", "configurations", "content", "contactSubmissions", "moderation"],
  marketing: ["dashboard", "catalogue", "influencers", "content", "giveaway", "promoCodes", "contactSubmissions"],
  finance: ["dashboard", "platformFees", "payouts", "validations", "onboarding", "promoCodes", "orders"],
};

/** What each capability lets staff open, in words (the dashboard's "Your areas", the 403 page). */
export const CAPABILITY_LABELS: Record<Capability, string> = {
  dashboard: "the dashboard",
  catalogue: "games, platforms and banners",
  influencers: "influencers",
  platformFees: "platform fees",
  payouts: "payouts and refunds",
  validations: "session validations",
  moderation: "reported and banned accounts",
  configurations: "configurations",
  content: "terms, privacy policy and FAQ",
  giveaway: "the giveaway",
  contactSubmissions: "contact submissions",
  promoCodes: "promo codes",
  onboarding: "onboarding verification",
  orders: "orders and invoices",
  audit: "the audit log",
};

/** The 403 page's words for staff whose role lacks the capability (docs/decisions/005-staff-capabilities.md). */
export function staffRefusal(role: Role, capability: Capability): string {
  return `Your staff role (${role}) does not include ${CAPABILITY_LABELS[capability]}. Ask an admin if you need it.`;
}

export function canStaff(role: Role, capability: Capability): boolean {
  if (role === "user") return false;
  return STAFF_CAPABILITIES[role].includes(capability);
}

/**
 * Order staff: active staff whose role reads any order and any invoice (finance and admin: the "orders" capability).
 * Beside the buyer, they read an order (app/features/booking/order-access.ts) and a pack's or a pass's invoice.
 */
export function isOrderStaff(viewer: Viewer): boolean {
  return canOpenAdmin(viewer) && canStaff(viewer.role, "orders");
}
