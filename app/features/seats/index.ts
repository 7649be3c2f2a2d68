/** The seats feature: what other features and routes may use of it (server-only parts in index.server.ts). */
export { SeatsLeft, seatsLeftWords } from "./components/seats-left";
export { SEAT_COPY } from "./copy";
export { highDemandSql, oneHoldInDemandSql } from "./demand";
export { BOOKING_FORM_MAX_PLAYERS, HIGH_DEMAND, HOLD_MINUTES } from "./rules";
export { holdsSeatSql, seatsTakenSql } from "./seats";
