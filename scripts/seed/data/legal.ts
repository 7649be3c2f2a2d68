/** Legal documents in the API's shapes (db/schema/content.ts; stored in legal_documents.content). */
import type { PrivacyPolicyContent, TermsContent } from "~db/schema";

const UPDATED = "November 1, 2026";

export const PRIVACY_POLICY: PrivacyPolicyContent = {
  lastUpdated: UPDATED,
  introduction:
    'This Privacy Policy explains what personal data Noobrd collects when you browse the marketplace, book a session with a creator, join a live queue or sign up as a creator, why we collect it, who we share it with and the choices you have.\n\nNoobrd is operated by Noobrd Interactive. When we say "we" or "us" we mean Noobrd Interactive; when we say "you" we mean anyone who uses the site, whether as a fan, a creator or a visitor.',
  keyPoints: [
    "We collect only what we need to run bookings, payments, queues and creator payouts.",
    "Card details are handled by our payment processor, Stripe; we never see or store your full card number.",
    "Creators see the gamer tags and usernames of the fans who book them, never their email or payment details.",
    "We do not sell your personal data, and we do not use it for third-party advertising.",
    "You can download or delete your data at any time by writing to privacy@noobrd.gg.",
  ],
  sections: [
    {
      title: "1. Information we collect",
      body: "Account information: your username, full name, email address, password (stored only as a salted hash), country and, if you sign in with Discord or Google, the identifier and email those services share with us.\n\nProfile information you choose to add: a profile picture, a bio, social links and the gamer tags you play with.\n\nBooking and payment information: the sessions you book, the seats and gamer tags in each booking, the orders, refunds and wallet entries that go with them, and the promo codes you redeem. Payments by card are processed by Stripe, which gives us only a payment reference, the card brand and its last four digits.\n\nCreator information: if you sign up as a creator we also collect the onboarding details needed to pay you, namely bank details, a bank statement, a signed agreement, a mobile number, a postal address and a t-shirt size for creator merchandise.\n\nTechnical information: your IP address, browser type and approximate location derived from your IP address, which we use to show prices in your currency, to keep your account secure and to limit abuse.",
    },
    {
      title: "2. How we use your information",
      body: "We use your information to run the service: to create your account, to take bookings and payments, to give you lobby codes and queue positions, to pay creators, to send the notifications you asked for, and to answer your messages.\n\nWe also use it to keep the service safe, for example to detect fraudulent payments, to rate-limit login attempts and to act on reports of abusive behaviour.\n\nWe use aggregated, de-identified statistics (such as how many people searched for a game) to improve the product. These statistics do not identify you.",
    },
    {
      title: "3. Legal bases",
      body: "Where data protection law requires a legal basis, we rely on the performance of our contract with you for everything needed to run your account, bookings and payouts; on our legitimate interests for security, fraud prevention and product analytics; on legal obligations for tax and accounting records; and on your consent for optional marketing messages and Discord notifications, which you can withdraw at any time from your profile.",
    },
    {
      title: "4. Who we share it with",
      body: "Creators you book receive your username and the gamer tags you entered for the session, so they can invite you to the lobby.\n\nService providers process data on our behalf under contracts that limit their use of it: Stripe for payments, Cloudflare for hosting and storage, our email provider for transactional email, and Discord for the notifications you enable there.\n\nWe may disclose information when the law requires it, or to protect the rights and safety of our users, creators or staff. If Noobrd is ever involved in a merger or acquisition, your information may be transferred as part of that transaction, and we will tell you before it becomes subject to a different policy.",
    },
    {
      title: "5. How long we keep it",
      body: "We keep your account information for as long as your account is open. Orders, refunds, wallet entries and payout records are kept for the period tax and accounting law requires, which is currently eight years, even after you close your account.\n\nCreator bank statements and signed agreements are kept for as long as you are an active creator and for three years after your last payout. Security logs are kept for ninety days.",
    },
    {
      title: "6. Your rights",
      body: "Depending on where you live, you may have the right to access the personal data we hold about you, to correct it, to delete it, to restrict or object to its use, and to receive a copy in a portable format.\n\nTo exercise these rights, write to privacy@noobrd.gg from the email address on your account. We answer within thirty days. You also have the right to complain to your local data protection authority.",
    },
    {
      title: "7. Security",
      body: "Passwords are stored as salted hashes, sessions are kept in secure, HTTP-only cookies and can be revoked from your profile, and private files such as bank statements are stored in a bucket that is never publicly accessible. No system is perfectly secure, so please use a unique password and tell us at security@noobrd.gg if you notice anything unusual.",
    },
    {
      title: "8. Children",
      body: "Noobrd is not directed at children under 13, and we do not knowingly collect personal data from them. Some sessions are marked 13+ or 18+ by the creator. If you believe a child has given us personal data, contact us and we will delete it.",
    },
    {
      title: "9. Changes to this policy",
      body: "We will post any change to this policy on this page and update the date at the top. If a change materially affects how we use your data, we will also tell you by email or with a notice on the site before it takes effect.",
    },
  ],
};

export const TERMS_OF_SERVICE: TermsContent = {
  updatedDate: UPDATED,
  intro:
    "These Terms of Service govern your use of Noobrd, a marketplace where fans book paid game sessions with streamers and creators and join their live queues. By creating an account or booking a session you agree to these terms, so please read them carefully.\n\nIf you use Noobrd as a creator, the Creator Agreement you sign during onboarding also applies; where the two differ, the Creator Agreement prevails for creator matters.",
  keyPoints: [
    "You must be at least 13 years old, and old enough to make payments where you live, to book a session.",
    "A booking reserves seats in a creator's session; the creator, not Noobrd, runs the game itself.",
    "Prices are set in US dollars and shown in your currency at the current exchange rate.",
    "Cancellations and refunds follow our Cancellation Policy.",
    "Harassment, cheating and hate speech get accounts suspended or banned.",
  ],
  sections: [
    {
      title: "1. Your account",
      body: "You need an account to book sessions, join queues or offer sessions as a creator. Keep your login details confidential and tell us straight away if you think someone else has used your account. You are responsible for activity on your account.\n\nYou may have one account. We may refuse, suspend or close accounts that break these terms, that are used for fraud, or that impersonate someone else.",
    },
    {
      title: "2. How bookings work",
      body: "Creators publish gigs, which describe a game, a mode, a platform, a price per seat and any requirements such as a minimum rank. Each gig has time slots with a limited number of seats.\n\nWhen you start a checkout we hold the seats you chose for a few minutes. The booking is confirmed once your payment succeeds. If the hold runs out before the payment completes and the seat has gone to someone else, we refund you in full, to your Noobrd wallet by default.\n\nAfter your booking is confirmed you can see the lobby code on your booking page when the creator shares it. Be ready at the start time with the gamer tag you entered.",
    },
    {
      title: "3. Prices, payments and the wallet",
      body: "Prices are set in US dollars. If your country's currency is different, we show an approximate converted price; your card issuer may apply its own exchange rate and fees.\n\nYou can pay by card through Stripe or with your Noobrd wallet balance. The wallet holds credits from top-ups, refunds and promotions. Wallet balances are not a bank account, do not earn interest and cannot be transferred to another user. Unused promotional credits may expire as stated when they were granted.\n\nPromo codes can be used once per order, only within their validity period and use limits, and cannot be exchanged for cash.",
    },
    {
      title: "4. Cancellations and refunds",
      body: "Our Cancellation Policy, published on the site, explains when you can cancel a booking and how much is refunded. If a creator cancels a session or does not show up, you receive a full refund.\n\nRefunds for card payments go back to the card, which can take five to ten business days to appear. Refunds to the wallet are immediate.",
    },
    {
      title: "5. Live sessions and queues",
      body: "Creators can go live and open a regular queue, which is free, and a VIP queue, which is paid. VIP places are served before regular places, in the order people joined. Joining a queue does not guarantee that you will play before the session ends; if a live session ends before your paid VIP place is served, that place is refunded to your wallet. The VIP Queue Terms give the details.",
    },
    {
      title: "6. Conduct",
      body: "Be respectful to creators, other fans and our staff. You must not harass, threaten or discriminate against anyone; cheat, use exploits or third-party tools that break a game's rules; share lobby codes with people who did not book; record or stream another person without their consent where that is required; or try to take payments off the platform.\n\nYou can report an account from its profile. Our team reviews reports and may warn, suspend or ban accounts. Bans can be appealed by writing to support@noobrd.gg.",
    },
    {
      title: "7. Creators",
      body: "Creators set their own prices, schedules and requirements, and are responsible for running the sessions they sell. Noobrd charges creators a platform fee on each paid order, as shown in their dashboard, and pays out earnings for sessions our staff have validated as played, after the applicable taxes and withholdings.\n\nCreators must complete onboarding with accurate bank details and a signed agreement before they can receive payouts.",
    },
    {
      title: "8. Games and third-party services",
      body: "Games are owned by their publishers and are played under the publishers' own terms. Noobrd is not affiliated with or endorsed by any game publisher. Outages, bans or rule changes by a game publisher are outside our control; if one prevents a session from taking place, the session is treated as cancelled by the creator.",
    },
    {
      title: "9. Liability",
      body: "We provide the marketplace with reasonable skill and care, but we do not guarantee that it will always be available or error-free. To the extent the law allows, our total liability to you for any claim is limited to the amount you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law, or your statutory rights as a consumer.",
    },
    {
      title: "10. Changes and contact",
      body: "We may update these terms to reflect changes to the service or the law. We will post the new version here with a new date and, for material changes, tell you in advance. If you keep using Noobrd after a change takes effect, the new terms apply.\n\nQuestions about these terms? Write to support@noobrd.gg or use the contact form.",
    },
  ],
};

export const VIP_QUEUE_TERMS: TermsContent = {
  updatedDate: UPDATED,
  intro:
    "These VIP Queue Terms apply when you pay for a place in a creator's VIP queue during a live session. They add to the Terms of Service; where they differ, these terms apply to VIP places.",
  keyPoints: [
    "A VIP place is paid once, at the price the creator set when going live.",
    "VIP places are served before regular places, in the order people joined.",
    "If the session ends before your VIP place is served, it is refunded to your wallet.",
    "Leaving the queue yourself, or being removed for breaking the rules, is not refunded.",
  ],
  sections: [
    {
      title: "1. What you buy",
      body: "A VIP place is a place in the creator's VIP lane for the current live session. It does not buy a specific number of games or a specific time: the creator decides how long each group plays, as shown in the session details.\n\nYou can hold one place per live session. The price shown at checkout is the price the creator set when the session started.",
    },
    {
      title: "2. Order of service",
      body: "The creator calls players from the VIP lane before the regular lane. Within each lane, players are served in the order they joined. When you are close to the front, your status changes to playing next, and you receive a notification when it is your turn.\n\nBe ready with the gamer tag you entered when you joined. If you do not respond within a reasonable time when called, the creator may move on to the next player; your place then counts as served.",
    },
    {
      title: "3. When a session ends early",
      body: "Creators can end a live session at any time. If the session ends while your paid VIP place has not been served, the full price is refunded to your Noobrd wallet automatically, and you receive a notification.",
    },
    {
      title: "4. Leaving and removal",
      body: "You can leave the queue at any time from the session page. Leaving a paid VIP place is not refunded, because the creator may have turned other fans away for you.\n\nThe creator or our staff can remove a player who harasses others, cheats or ignores the session requirements. Such removals are not refunded. If you believe you were removed unfairly, write to support@noobrd.gg within seven days.",
    },
    {
      title: "5. Problems during play",
      body: "If technical problems on the creator's side prevent you from playing after you were called, tell the creator in the session chat or contact us within seven days; we refund the place to your wallet if the problem is confirmed. Problems on your side, such as a connection drop, are not refunded.",
    },
  ],
};
