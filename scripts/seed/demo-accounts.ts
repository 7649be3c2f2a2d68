/**
 * One demo account per role, created by the seed with a password login. Shown on the demo
 * login screen and used by end-to-end tests.
 */
import type { UserRole } from "~db/schema";

export const DEMO_PASSWORD = "Demo-pass-2026";

export type DemoAccount = {
  /** Stable key, also the suffix of the user id (usr_demo_<key>). */
  key: "fan" | "influencer" | "admin" | "developer" | "marketing" | "finance";
  email: string;
  password: string;
  /** users.role; the influencer is role "user" with is_influencer = true. */
  role: UserRole;
  isStreamer: boolean;
  username: string;
  fullName: string;
  label: string;
};

export const DEMO_ACCOUNTS = [
  {
    key: "fan",
    email: "fan@demo.noobrd.gg",
    password: DEMO_PASSWORD,
    role: "user",
    isStreamer: false,
    username: "DemoFan",
    fullName: "Demo Fan",
    label: "Fan (books gigs, joins queues)",
  },
  {
    key: "influencer",
    email: "influencer@demo.noobrd.gg",
    password: DEMO_PASSWORD,
    role: "user",
    isStreamer: true,
    username: "DemoStar",
    fullName: "Demo Star",
    label: "Influencer (gigs, slots, live sessions, verified onboarding)",
  },
  {
    key: "admin",
    email: "admin@demo.noobrd.gg",
    password: DEMO_PASSWORD,
    role: "admin",
    isStreamer: false,
    username: "DemoAdmin",
    fullName: "Demo Admin",
    label: "Staff: admin",
  },
  {
    key: "developer",
    email: "developer@demo.noobrd.gg",
    password: DEMO_PASSWORD,
    role: "developer",
    isStreamer: false,
    username: "DemoDeveloper",
    fullName: "Demo Developer",
    label: "Staff: developer",
  },
  {
    key: "marketing",
    email: "marketing@demo.noobrd.gg",
    password: DEMO_PASSWORD,
    role: "marketing",
    isStreamer: false,
    username: "DemoMarketing",
    fullName: "Demo Marketing",
    label: "Staff: marketing",
  },
  {
    key: "finance",
    email: "finance@demo.noobrd.gg",
    password: DEMO_PASSWORD,
    role: "finance",
    isStreamer: false,
    username: "DemoFinance",
    fullName: "Demo Finance",
    label: "Staff: finance",
  },
] as const satisfies readonly DemoAccount[];

export const demoUserId = (key: DemoAccount["key"]) => `usr_demo_${key}`;
