/** The seats feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { SeatsLeft, seatsLeftWords } from "./components/seats-left";
export { SEAT_COPY } from "./copy";
export { oneHoldInDemandSql } from "./demand";
export { type OrderStatusText, orderStatusText } from "./order-status";
export { BOOKING_FORM_MAX_PLAYERS, HIGH_DEMAND, HOLD_MINUTES } from "./rules";
export { holdsSeatSql, seatsTakenSql } from "./seats";
