import { DAY, HOUR, type SeedContext } from "../shared";
import type { SeedOrdersOut } from "./orders";
import type { SeedFansOut } from "./people";

/** Reviews of played sessions, some streamer replies and a few open reports (docs/domain.md, "Review"). */

const COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Best session I've had. Super patient, explained every rotation and we won two of three.",
    "Carried us through the ranked grind and still found time to give tips. Booking again!",
    "Really friendly, great comms, and the lobby was ready right on time.",
    "Learned more in 30 minutes than in a week of solo queue.",
    "Hilarious and insanely good. My squad is still talking about that clutch.",
  ],
  4: [
    "Great games and good advice. Started a few minutes late but made up for it.",
    "Fun session, really chill vibe. Would love a longer slot next time.",
    "Solid coaching on positioning, a bit quiet at first but warmed up fast.",
    "Good energy and clear callouts. Worth the price.",
  ],
  3: [
    "Decent session, but we spent a while waiting for the lobby.",
    "Okay overall. Fun, though not much coaching as the gig promised.",
  ],
  2: ["Audio kept cutting out and we only got through one match."],
  1: ["Joined late and left early. Not what the gig described."],
};

const REPLIES: readonly string[] = [
  "Thanks for playing! See you in the next lobby.",
  "Appreciate it! That last round was wild.",
  "Sorry about the delay, my stream setup crashed. Next one's on time, promise.",
  "Thank you! Keep practising those rotations.",
];

const REPORT_REASONS: readonly string[] = ["Looks like spam", "Rude about the streamer", "Not about the session"];

export function seedReviews(
  ctx: SeedContext,
  deps: Pick<SeedOrdersOut, "bookingsMade"> & Pick<SeedFansOut, "demoFan" | "fans">,
) {
  const { rnd, now, data, at } = ctx;
  const { bookingsMade, demoFan, fans } = deps;
  let n = 0;
  const reviewId = () => `rvw_${String(++n).padStart(6, "0")}`;
  for (const { booking, order, slot, fan } of bookingsMade) {
    // Only a paid session that was played can be reviewed; the demo fan's are left for the demo to review.
    const played = booking.status === "completed" || booking.status === "confirmed";
    if (!played || order.status !== "paid" || slot.end >= now || fan.id === demoFan.id) continue;
    if (!rnd.chance(0.55)) continue;
    const rating = rnd.weighted([
      [5, 50],
      [4, 30],
      [3, 12],
      [2, 5],
      [1, 3],
    ] as const);
    const createdAt = Math.min(now - HOUR, slot.end + rnd.int(2, 72) * HOUR);
    const id = reviewId();
    const replied = rnd.chance(0.35);
    const repliedAt = Math.min(now - 1000, createdAt + rnd.int(1, 48) * HOUR);
    data.reviews.push({
      id,
      bookingId: booking.id,
      userId: fan.id,
      streamerId: slot.gig.streamer.id,
      gigId: slot.row.gigId ?? null,
      rating,
      comment: rnd.chance(0.8) ? rnd.pick(COMMENTS[rating] ?? []) : null,
      reply: replied ? rnd.pick(REPLIES) : null,
      repliedAt: replied ? at(repliedAt) : null,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    });
    // A few low ratings are reported by another fan, for staff's list.
    if (rating <= 2 && rnd.chance(0.5)) {
      const reporter = rnd.pick(fans.filter((other) => other.id !== fan.id));
      data.reviewReports.push({
        reviewId: id,
        reporterId: reporter.id,
        reason: rnd.pick(REPORT_REASONS),
        createdAt: at(Math.min(now - 1000, createdAt + rnd.int(1, 5) * DAY)),
      });
    }
  }
}
