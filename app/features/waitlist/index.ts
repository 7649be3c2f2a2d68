/** The waitlist feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { GigWaitlist } from "./components/gig-waitlist";
export { WaitlistSection } from "./components/waitlist-section";
export { WAITLIST_COPY } from "./copy";
export { WAITLIST_FORM_ID } from "./form-id";
export { joinWaitlistSchema, leaveWaitlistSchema } from "./schema";
