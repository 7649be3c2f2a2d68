/**
 * Prose pages and short content: about us, cancellation policy (stored as configurations
 * rows "about_us" and "cancellation_policy", see CONFIG_KEYS in db/schema/content.ts),
 * FAQ, banners, contact-form examples.
 */
import type { PageContent } from "~db/schema";

export const ABOUT_US: PageContent = {
  title: "About Noobrd",
  intro:
    "Noobrd is where fans stop watching and start playing. We connect gamers with the streamers, pros and coaches they follow, for paid sessions in the games they love, booked in a few clicks.",
  sections: [
    {
      title: "Why we built it",
      body: "Every streamer gets the same message a hundred times a day: can I play with you? Until now the answer depended on luck, a giveaway or a spot in a chaotic Discord. We built Noobrd to give that question a fair, simple answer: pick a time, book a seat, and play.\n\nFor creators it is a way to earn from the thing they already love doing, on their own schedule, without chasing sponsors or selling ads.",
    },
    {
      title: "How it works",
      body: "Creators publish gigs: a game, a mode, a platform, a price and the time slots they are free. Fans book seats in a slot, pay by card or from their wallet, and get the lobby code when the session starts.\n\nWhen a creator goes live, fans can join the free regular queue or the paid VIP queue and play their turn right on stream.",
    },
    {
      title: "What we care about",
      body: "Fair play: seats are never sold twice, queues are served in order, and if a session does not happen you get your money back.\n\nSafety: we do not tolerate harassment, and every account can be reported. Creators are verified before they receive payouts.\n\nGood games: our creators range from professional players and coaches to variety streamers, so there is a session for every skill level.",
    },
    {
      title: "Get in touch",
      body: "Questions, ideas, or a creator you would like to see here? Use the contact form or write to hello@noobrd.gg. We read everything.",
    },
  ],
};

export const CANCELLATION_POLICY: PageContent = {
  title: "Cancellation Policy",
  intro:
    "Plans change. This policy explains what happens when a fan or a creator cancels a booked session, and how refunds are paid.",
  sections: [
    {
      title: "If you cancel",
      body: "More than 24 hours before the slot starts: you receive a full refund.\n\nBetween 24 hours and 2 hours before the start: you receive a 50% refund, because the creator has set the time aside and may not be able to fill your seat.\n\nLess than 2 hours before the start, or if you do not show up: no refund.",
    },
    {
      title: "If the creator cancels or does not show up",
      body: "You always receive a full refund, whatever the timing, and we notify you by email and in the app. Creators who cancel repeatedly lose access to new bookings.",
    },
    {
      title: "How refunds are paid",
      body: "When you cancel a booking you paid by card, you choose where its refund goes: to your wallet, instantly, or to your card in 5–10 days. The wallet is the default: the money is there at once for your next booking. A card refund goes back to the card you paid with and takes 5 to 10 business days to appear on your statement. A booking paid from your wallet is refunded to your wallet. Refunds we make for you (a creator cancelling, an unserved VIP place, a late payment) go to your wallet.\n\nPromo-code discounts are not refunded in cash: a cancelled order returns the code's use to you where the code allows it.",
    },
    {
      title: "Late payments and expired holds",
      body: "When you start a checkout, your seats are held for a few minutes. If your payment arrives after the hold has expired and the seat has been booked by someone else, your payment is refunded in full to your wallet automatically.",
    },
    {
      title: "VIP queue places",
      body: "Paid VIP places in a live session follow the VIP Queue Terms: a place that is not served before the session ends is refunded to your wallet.",
    },
    {
      title: "Disputes",
      body: "If something went wrong with a session, contact us through the contact form within 7 days with your order number. We review the session and, where the creator was at fault, refund you in full.",
    },
  ],
};

export const FAQS: readonly { question: string; answer: string }[] = [
  {
    question: "How do I book a session with a creator?",
    answer:
      "Open a gig, choose a time slot and the number of seats, enter a gamer tag for each player and pay by card or from your wallet. Your booking is confirmed as soon as the payment goes through, and it appears under Upcoming sessions on your profile.",
  },
  {
    question: "What happens after I pay?",
    answer:
      "You get a confirmation notification and email. When the slot starts, the creator shares a lobby code that appears on your booking page. Join the lobby with the gamer tag you entered when booking.",
  },
  {
    question: "Which payment methods do you accept?",
    answer:
      "All major debit and credit cards through Stripe, and your Noobrd wallet balance. Prices are set in US dollars and shown in your local currency; your bank may apply its own exchange rate.",
  },
  {
    question: "Can I cancel a booking and get a refund?",
    answer:
      "Yes. Cancel more than 24 hours before the start for a full refund, or between 24 and 2 hours before for a 50% refund. If the creator cancels or does not show up, you always get a full refund. See the Cancellation Policy for details.",
  },
  {
    question: "How does the Noobrd wallet work?",
    answer:
      "Your wallet holds credit from top-ups, refunds and promotions. You can pay for any booking or VIP place with it. Refunds to the wallet are instant, while card refunds take 5 to 10 business days.",
  },
  {
    question: "What is the difference between the regular and the VIP queue?",
    answer:
      "When a creator is live, the regular queue is free and the VIP queue is paid. The creator serves VIP players first, then regular players, each in the order they joined. If the session ends before your VIP turn, the place is refunded to your wallet.",
  },
  {
    question: "Can I book seats for my friends?",
    answer:
      "Yes. Choose the number of players when you book and enter one gamer tag per seat. All seats are paid in one order, and each friend joins the lobby with their own tag.",
  },
  {
    question: "I booked the wrong gamer tag. Can I change it?",
    answer: "Yes, from your booking page until the session starts. The creator sees the updated tag straight away.",
  },
  {
    question: "How do promo codes work?",
    answer:
      "Enter the code at checkout. Codes give a percentage or a fixed amount off, may be limited to one creator's gigs, and have an expiry date and use limits. One code per order.",
  },
  {
    question: "How do I become a creator on Noobrd?",
    answer:
      "Use the Suggest a star form or write to us through the contact page. Once you are invited, you set a password, complete onboarding with your bank details and the signed agreement, and you can publish gigs and go live straight away. Payouts start once staff have verified your onboarding.",
  },
  {
    question: "When do creators get paid?",
    answer:
      "Staff validate that booked sessions were played, then include them in a payout. Each payout statement shows the platform fee and the taxes withheld, and payouts are sent to the verified bank account.",
  },
];

export const BANNERS: readonly { title: string; description: string; slug: string }[] = [
  {
    title: "Play with your favourite streamers",
    description: "Book a seat in their next session: ranked grinds, custom lobbies, coaching and more.",
    slug: "play-with-streamers",
  },
  {
    title: "Live now: jump in the queue",
    description: "Creators are live right now. Join the free queue or skip ahead with a VIP place.",
    slug: "live-now",
  },
  {
    title: "New to ranked? Learn from a coach",
    description: "One-on-one and small-group sessions with coaches who review your play as you go.",
    slug: "learn-from-coaches",
  },
  {
    title: "Bring the squad",
    description: "Book several seats in one go and play as a full team with a creator.",
    slug: "bring-the-squad",
  },
];

export const CONTACT_MESSAGES: readonly { subject: string; message: string }[] = [
  {
    subject: "Lobby code not showing",
    message: "My session started five minutes ago but the booking page still shows no lobby code. What should I do?",
  },
  {
    subject: "Refund question",
    message: "The creator cancelled my slot yesterday. When will the refund show up in my wallet?",
  },
  {
    subject: "I want to become a creator",
    message: "I stream Valorant four nights a week with about 300 average viewers. How do I join as a creator?",
  },
  {
    subject: "Wrong gamer tag",
    message: "I typed my Riot ID wrong when booking. Can you update it for tomorrow's session?",
  },
  {
    subject: "Partnership",
    message:
      "We run a college esports league and would love to feature Noobrd creators at our finals. Who can we talk to?",
  },
  {
    subject: "Payment failed twice",
    message: "My card was declined twice at checkout even though it works elsewhere. Is there a problem with payments?",
  },
  {
    subject: "Report a player",
    message: "A player in last night's custom lobby was using slurs in voice chat. I have a clip if you need it.",
  },
  { subject: "Currency shown", message: "Prices show in dollars for me but I live in India. Can I see rupees?" },
  { subject: "Promo code expired", message: "The WELCOME10 code says it has expired, but I only signed up this week." },
  {
    subject: "Payout timing",
    message: "As a creator, when can I expect my first payout after my onboarding was verified?",
  },
];
