import type { Viewer } from "~/features/access";
import { prepaidInvoicePath } from "~/features/packs";
import { type CardPurchaseState, cardPackOfOrder } from "~/features/packs/index.server";
import { cardPassOfOrder } from "~/features/passes/index.server";
import { formatDay } from "~/features/time";
import { formatMoney } from "~/lib/money";
import { gigPath, streamerPath } from "~/lib/paths.server";

/**
 * What a card payment bought when it paid for a session pack or a VIP pass (docs/decisions/040): the checkout
 * pages' words. The payment is a wallet top-up earmarked for the purchase, so these pages name the pack or the pass,
 * its sessions or places and until when, not "wallet top-up"; or, if the offer was withdrawn before the money came,
 * say that it is in the wallet.
 */
export type CardPurchaseView = {
  state: CardPurchaseState;
  title: string;
  text: string;
  link: { to: string; label: string };
  invoice: string | null;
};

const TITLES: Record<CardPurchaseState, (what: string) => string> = {
  bought: (what) => `${what} bought`,
  not_bought_in_wallet: () => "Payment received: it is in your wallet",
  waiting: () => "Waiting for your payment",
  not_bought: () => "This checkout was cancelled",
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/** The session pack or VIP pass the viewer's card order paid for, in words in `zone`; null for any other order. */
export async function cardPurchaseView(
  env: Env,
  viewer: Viewer,
  order: { id: string; kind: string },
  zone: string,
): Promise<CardPurchaseView | null> {
  if (order.kind !== "wallet_topup") return null;
  const [pack, pass] = await Promise.all([
    cardPackOfOrder(env, viewer, order.id),
    cardPassOfOrder(env, viewer, order.id),
  ]);
  if (pack) {
    const what = "Session pack";
    const text = {
      bought: `${pack.gigTitle} with ${pack.streamerName}: ${plural(pack.sessions, "session")}, ${formatMoney(pack.price)} paid. Book them until ${formatDay(pack.expiresAt, zone)}: choose "Pack credit" when you book.`,
      not_bought_in_wallet: `The session pack of ${pack.gigTitle} was no longer on offer when your payment arrived, so it was not bought: ${formatMoney(pack.price)} is in your wallet.`,
      waiting: `We have not received the payment for the session pack of ${pack.gigTitle} yet. Reload this page in a moment.`,
      not_bought: `No payment was taken: the session pack of ${pack.gigTitle} was not bought.`,
    }[pack.state];
    return {
      state: pack.state,
      title: TITLES[pack.state](what),
      text,
      link:
        pack.state === "not_bought_in_wallet"
          ? { to: "/profile#wallet", label: "See my wallet" }
          : {
              to: `${gigPath(pack.gigId)}#booking`,
              label: pack.state === "bought" ? "Book a session" : "Back to the gig",
            },
      invoice: pack.state === "bought" ? prepaidInvoicePath("pack", pack.packId) : null,
    };
  }
  if (pass) {
    const what = "VIP pass";
    const text = {
      bought: `${plural(pass.places, "VIP place")} with ${pass.streamerName}, ${formatMoney(pass.price)} paid. Join their VIP queues until ${formatDay(pass.expiresAt, zone)}: choose "VIP pass" when you join.`,
      not_bought_in_wallet: `${pass.streamerName}'s VIP pass was no longer on offer when your payment arrived, so it was not bought: ${formatMoney(pass.price)} is in your wallet.`,
      waiting: `We have not received the payment for ${pass.streamerName}'s VIP pass yet. Reload this page in a moment.`,
      not_bought: `No payment was taken: ${pass.streamerName}'s VIP pass was not bought.`,
    }[pass.state];
    return {
      state: pass.state,
      title: TITLES[pass.state](what),
      text,
      link:
        pass.state === "not_bought_in_wallet"
          ? { to: "/profile#wallet", label: "See my wallet" }
          : {
              to: streamerPath(pass.streamerId),
              label: pass.state === "bought" ? "See their live sessions" : "Back to their page",
            },
      invoice: pass.state === "bought" ? prepaidInvoicePath("pass", pass.passId) : null,
    };
  }
  return null;
}
