/** What closing an account says (docs/domain.md "Your data and your account"). */
export const CLOSURE_COPY = {
  refusedIntro: "Your account cannot be closed yet:",
  walletBalance: (amount: string) =>
    `Your wallet holds ${amount}. Spend it on a booking, or ask us for a refund through the contact page, then close your account.`,
  refundUnderWay: (amount: string) =>
    `A refund of ${amount} to you is still under way. You can close your account once it has arrived.`,
  upcomingBookings: (count: number) =>
    `You have ${count === 1 ? "an upcoming booking" : `${count} upcoming bookings`}. Cancel ${count === 1 ? "it" : "them"} from your orders (refunds follow the cancellation policy) or play ${count === 1 ? "it" : "them"} first.`,
  paidQueuePlaces: (count: number) =>
    `You have ${count === 1 ? "a paid place" : `${count} paid places`} in a live queue. Wait until ${count === 1 ? "it has" : "they have"} been played or refunded.`,
  unpaidEarnings: (amount: string) =>
    `Your earnings of ${amount} are not paid out yet. You can close your account after your payout.`,
  upcomingSessions: (count: number) =>
    `You have ${count === 1 ? "an upcoming session" : `${count} upcoming sessions`} with bookings. Cancel ${count === 1 ? "it" : "them"} (the fans are refunded) or play ${count === 1 ? "it" : "them"} first.`,
  liveNow: "You are live. End your live session first.",
  staffAccount: "A staff account is closed by an admin.",
  alreadyClosing: "Your account is already closing.",
  scheduled: (when: string) => `Your account will be closed on ${when}. Sign in before then to keep it.`,
  codeSent: "We emailed you a code. Type it below to close your account.",
} as const;
