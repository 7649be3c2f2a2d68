/** The wallet feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { WalletSection } from "./components/wallet-section";
export { refundIdSchema } from "./refunds-schema";
