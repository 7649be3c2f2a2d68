import { CONFIG_KEYS, DEFAULT_PLATFORM_FEE_BPS, type NotificationType, RATE_SCALE } from "~db/schema";
import { PRIVACY_POLICY, TERMS_OF_SERVICE, VIP_QUEUE_TERMS } from "../data/legal";
import { ABOUT_US, CANCELLATION_POLICY, CONTACT_MESSAGES, FAQS } from "../data/pages";
import { DAY, HOUR, PAYOUT_TAXES_PERCENT, type Row, type SeedContext, USD_TO_INR } from "../shared";
import type { SeedCatalogueOut, SeedGigsOut } from "./catalogue";
import type { SeedLiveOut } from "./live";
import type { SeedOrdersOut } from "./orders";
import type { SeedDemoStaffOut, SeedFansOut, SeedStreamersOut } from "./people";

/** Favourites, notifications, preferences, moderation, contact, analytics, unsubscribes, content and configuration. */

/** Seed: favourites, notifications, preferences. */
export function seedFavouritesAndNotifications(
  ctx: SeedContext,
  deps: Pick<SeedCatalogueOut, "games"> &
    Pick<SeedStreamersOut, "demoStreamer" | "otherStreamers"> &
    Pick<SeedFansOut, "demoFan" | "fans"> &
    Pick<SeedGigsOut, "gigs"> &
    Pick<SeedOrdersOut, "bookingsMade" | "lobbySlots"> &
    Pick<SeedLiveOut, "liveNow" | "lives">,
) {
  const { rnd, now, large, data, at, nextId } = ctx;
  const { bookingsMade, demoFan, demoStreamer, fans, games, gigs, liveNow, lives, lobbySlots, otherStreamers } = deps;
  const socialFans = large ? fans.slice(0, 2000) : fans;
  const activeGigs = gigs.filter((gig) => !gig.row.archivedAt);
  const liveHosts = new Set(liveNow.map((streamer) => streamer.id));
  const notify = (
    userId: string,
    type: NotificationType,
    title: string,
    url: string,
    when: number,
    streamerId: string | null,
  ) => {
    data.notifications.push({
      id: nextId.notification(),
      userId,
      type,
      title,
      image: null,
      url,
      streamerId,
      isRead: when < now - 3 * DAY ? rnd.chance(0.85) : rnd.chance(0.2),
      createdAt: at(when),
    });
  };
  for (const fan of socialFans) {
    const isDemo = fan === demoFan;
    const created = Math.max(fan.createdAt, now - 60 * DAY);
    const favGigs = rnd.sample(activeGigs, isDemo ? 6 : rnd.int(0, 5));
    for (const gig of favGigs)
      data.favouriteGigs.push({
        userId: fan.id,
        gigId: gig.row.id,
        createdAt: at(created + rnd.int(1, 40) * HOUR),
      });
    const favStars = new Set(rnd.sample(otherStreamers, isDemo ? 3 : rnd.int(0, 3)));
    if (isDemo) for (const streamer of liveNow.slice(0, 2)) favStars.add(streamer);
    for (const streamer of favStars) {
      data.favouriteStars.push({
        userId: fan.id,
        streamerId: streamer.id,
        createdAt: at(created + rnd.int(1, 40) * HOUR),
      });
      if (liveHosts.has(streamer.id)) {
        const live = lives.find((l) => l.open && l.streamer === streamer);
        if (live)
          notify(
            fan.id,
            "live",
            `${streamer.handle} is live: ${live.row.title}`,
            `/live/${live.row.id}`,
            live.row.startedAt.getTime(),
            streamer.id,
          );
      } else if (rnd.chance(0.4)) {
        notify(
          fan.id,
          "new_slots",
          `${streamer.handle} added new slots`,
          `/star/${streamer.id}`,
          now - rnd.int(1, 96) * HOUR,
          streamer.id,
        );
      }
    }
    for (const game of rnd.sample(games, isDemo ? 3 : rnd.int(0, 2)))
      data.favouriteGames.push({ userId: fan.id, gameId: game.id, createdAt: at(created) });
    if (isDemo || rnd.chance(0.3)) {
      data.discordPreferences.push({
        userId: fan.id,
        upcomingSlots: true,
        favoriteCreatorSlots: rnd.chance(0.7),
        favoriteCreatorLive: rnd.chance(0.8),
        promotions: rnd.chance(0.3),
        updatedAt: at(created),
      });
    }
    if (isDemo || rnd.chance(0.15))
      notify(
        fan.id,
        "promotion",
        "Use WELCOME10 for 10% off your first booking",
        "/browse",
        now - rnd.int(5, 40) * DAY,
        null,
      );
  }
  const socialFanIds = new Set(socialFans.map((fan) => fan.id));
  for (const { booking, order, slot, fan } of bookingsMade) {
    if (!socialFanIds.has(fan.id) || !order.paidAt) continue;
    const gigTitle = slot.gig.row.title;
    if (booking.status === "cancelled" || order.status === "refunded") {
      notify(
        fan.id,
        "booking",
        `Refunded: ${gigTitle}`,
        `/gig/${slot.gig.row.id}`,
        order.updatedAt?.getTime() ?? now - DAY,
        slot.gig.streamer.id,
      );
    } else {
      notify(
        fan.id,
        "booking",
        `Booking confirmed: ${gigTitle}`,
        `/gig/${slot.gig.row.id}`,
        order.paidAt.getTime(),
        slot.gig.streamer.id,
      );
      if (lobbySlots.has(slot.row.id) && slot.start >= now) {
        notify(
          fan.id,
          "lobby_code",
          `Lobby code ready for ${gigTitle}`,
          `/gig/${slot.gig.row.id}`,
          now - HOUR,
          slot.gig.streamer.id,
        );
      }
    }
  }
  notify(
    demoStreamer.id,
    "system",
    "Your onboarding details were verified",
    "/influencer/profile",
    now - 100 * DAY,
    null,
  );
  return { socialFans };
}
export type SeedFavouritesAndNotificationsOut = ReturnType<typeof seedFavouritesAndNotifications>;

/** Seed: moderation. */
export function seedModeration(
  ctx: SeedContext,
  deps: Pick<SeedDemoStaffOut, "adminId"> &
    Pick<SeedStreamersOut, "userRowById"> &
    Pick<SeedFansOut, "demoFan" | "fans"> &
    Pick<SeedLiveOut, "nonDemoFans">,
) {
  const { rnd, now, large, data, at, nextId } = ctx;
  const { adminId, demoFan, fans, nonDemoFans, userRowById } = deps;
  const reportable = nonDemoFans;
  const reportCount = Math.min(reportable.length, large ? 60 : 8);
  const reported = rnd.sample(reportable, reportCount);
  const reasons = [
    "Abusive language in voice chat",
    "Cheating (aim assist software)",
    "Shared lobby code publicly",
    "Spam in live session chat",
    "Impersonating a creator",
    "Harassment after the match",
  ];
  reported.forEach((target, index) => {
    const status = index % 4 === 0 ? "banned" : index % 4 === 1 ? "reviewed" : "pending";
    const createdAt = now - rnd.int(1, 25) * DAY;
    const reviewedAt = status === "pending" ? null : createdAt + rnd.int(2, 48) * HOUR;
    const reportId = nextId.report();
    const reporter = rnd.pick(fans);
    data.reports.push({
      id: reportId,
      reporterId: reporter.id === target.id ? demoFan.id : reporter.id,
      reportedUserId: target.id,
      reason: rnd.pick(reasons),
      details: "Reported after a booked session; see the session time for context.",
      status,
      createdAt: at(createdAt),
      reviewedAt: reviewedAt === null ? null : at(reviewedAt),
      reviewedBy: reviewedAt === null ? null : adminId,
    });
    if (status === "banned" && reviewedAt !== null) {
      const unbanned = index === 4 ? reviewedAt + 7 * DAY : null;
      data.bans.push({
        id: nextId.ban(),
        userId: target.id,
        reportId,
        reason: "Violation of the conduct rules",
        bannedAt: at(reviewedAt),
        bannedBy: adminId,
        unbannedAt: unbanned === null || unbanned >= now ? null : at(unbanned),
        unbannedBy: unbanned === null || unbanned >= now ? null : adminId,
      });
      const user = userRowById.get(target.id);
      if (user && (unbanned === null || unbanned >= now)) user.isActive = false;
    }
  });
}

/** Seed: contact, suggestions, analytics, unsubscribes. */
export function seedContactAndAnalytics(
  ctx: SeedContext,
  deps: Pick<SeedFansOut, "demoFan" | "fans"> & Pick<SeedFavouritesAndNotificationsOut, "socialFans">,
) {
  const { rnd, now, data, at, nextId, ip } = ctx;
  const { demoFan, fans, socialFans } = deps;
  CONTACT_MESSAGES.forEach((message, index) => {
    const fan = rnd.pick(fans);
    data.contactSubmissions.push({
      id: nextId.contact(),
      name: fan.fullName,
      email: fan.email ?? `visitor${index}@example.org`,
      subject: message.subject,
      message: message.message,
      ip: ip(),
      userId: rnd.chance(0.7) ? fan.id : null,
      createdAt: at(now - rnd.int(1, 30) * DAY - rnd.int(0, 23) * HOUR),
    });
  });
  for (const name of ["Tenz", "Shroud", "Mortal", "Pokimane", "Scout"]) {
    data.streamerSuggestions.push({
      id: nextId.suggestion(),
      streamerName: name,
      userId: rnd.pick(fans).id,
      createdAt: at(now - rnd.int(1, 60) * DAY),
    });
  }
  const searches = [
    "valorant coach",
    "fortnite",
    "apex ranked",
    "minecraft realm",
    "fc 25",
    "among us lobby",
    "cs2 premier",
  ];
  for (const fan of socialFans.slice(0, 40)) {
    data.analyticsEvents.push({
      id: nextId.analytics(),
      name: "registration",
      userId: fan.id,
      properties: { method: fan.email ? "email" : "discord" },
      createdAt: at(fan.createdAt),
    });
    data.analyticsEvents.push({
      id: nextId.analytics(),
      name: "login",
      userId: fan.id,
      properties: { method: "email" },
      createdAt: at(now - rnd.int(1, 20) * DAY),
    });
    if (rnd.chance(0.5))
      data.analyticsEvents.push({
        id: nextId.analytics(),
        name: "search",
        userId: fan.id,
        properties: { query: rnd.pick(searches) },
        createdAt: at(now - rnd.int(1, 20) * DAY),
      });
    if (rnd.chance(0.3))
      data.analyticsEvents.push({
        id: nextId.analytics(),
        name: "see_all_click",
        userId: fan.id,
        properties: { section: rnd.pick(["stars", "gigs", "games"]) },
        createdAt: at(now - rnd.int(1, 20) * DAY),
      });
  }
  const unsubscriber = fans.find((fan) => fan !== demoFan && fan.email);
  if (unsubscriber?.email)
    data.emailUnsubscribes.push({ id: nextId.unsubscribe(), email: unsubscriber.email, createdAt: at(now - 10 * DAY) });
}

/** Seed: content and configuration. */
export function seedContent(ctx: SeedContext, deps: Pick<SeedDemoStaffOut, "adminId">) {
  const { now, data, at, nextId } = ctx;
  const { adminId } = deps;
  const contentAt = at(now - 21 * DAY);
  const configs: [string, Row<"configurations">["value"], string][] = [
    [CONFIG_KEYS.websitePasswordEnabled, false, "Require the site-wide access password before anything else"],
    [CONFIG_KEYS.platformFees, DEFAULT_PLATFORM_FEE_BPS / 100, "Default platform fee (percent) for new influencers"],
    [
      CONFIG_KEYS.payoutTaxes,
      PAYOUT_TAXES_PERCENT,
      "Default payout taxes, percent: indirect tax, indirect tax on platform fees, TDS",
    ],
    [CONFIG_KEYS.minimumPrice, { USD: 500, INR: 10_000 }, "Minimum gig and VIP price, minor units per base currency"],
    [CONFIG_KEYS.bookingHoldMinutes, 10, "How long seats are held while the buyer pays"],
    [CONFIG_KEYS.aboutUs, ABOUT_US, "About us page"],
    [CONFIG_KEYS.cancellationPolicy, CANCELLATION_POLICY, "Cancellation policy page"],
  ];
  for (const [key, value, description] of configs) {
    data.configurations.push({ key, value, description, updatedBy: adminId, updatedAt: contentAt });
  }
  data.legalDocuments.push(
    {
      id: nextId.legal(),
      type: "mainTermsAndConditions",
      content: TERMS_OF_SERVICE,
      updatedBy: adminId,
      updatedAt: contentAt,
    },
    {
      id: nextId.legal(),
      type: "mainPrivacyPolicy",
      content: PRIVACY_POLICY,
      updatedBy: adminId,
      updatedAt: contentAt,
    },
    {
      id: nextId.legal(),
      type: "vipQueueTermsAndConditions",
      content: VIP_QUEUE_TERMS,
      updatedBy: adminId,
      updatedAt: contentAt,
    },
  );
  FAQS.forEach((faq, index) => {
    data.faqs.push({
      id: nextId.faq(),
      question: faq.question,
      answer: faq.answer,
      sortOrder: index,
      isPublished: true,
      createdAt: contentAt,
      updatedAt: contentAt,
    });
  });
  data.exchangeRates.push({
    id: nextId.rate(),
    base: "USD",
    quote: "INR",
    rateMicros: Math.round(USD_TO_INR * RATE_SCALE),
    fetchedAt: at(now),
    nextUpdateAt: at(now + DAY),
    source: "seed",
  });
}
