/** The dashboard feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { EarningsListSection, OrdersSection, PayoutsSection, PromoCodesSection } from "./components/business-sections";
export { EarningsChart } from "./components/earnings-chart";
