import { unsubscribeUrl } from "~/features/profile/index.server";
import { escapeHtml } from "~/lib/html";
import type { EmailMessage } from "~/platform/email/email.server";
import { CODE_TTL_MS } from "./codes.server";

/** The account emails. Each carries a signed unsubscribe link (docs/domain.md: /unsubscribe/:email; `emailLinks`). */
type Links = { origin: string; to: string; unsubscribeUrl: string };

/** The links an account email needs: the site's origin and the recipient's signed unsubscribe link. */
export async function emailLinks(env: Env, origin: string, to: string): Promise<Links> {
  return { origin, to, unsubscribeUrl: await unsubscribeUrl(env, origin, to) };
}

const minutes = CODE_TTL_MS / 60_000;

function compose(
  links: Links,
  subject: string,
  lines: string[],
  action?: { label: string; url: string },
): EmailMessage {
  const unsubscribe = links.unsubscribeUrl;
  const text = [
    ...lines,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    "",
    `Unsubscribe: ${unsubscribe}`,
  ].join("\n\n");
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : "",
    `<p style="color:#888;font-size:12px"><a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
  ].join("\n");
  return { to: links.to, subject, text, html, unsubscribeUrl: unsubscribe };
}

export function verificationEmail(links: Links, token: string, code: string): EmailMessage {
  return compose(
    links,
    "Verify your Noobrd account",
    [
      "Welcome to Noobrd! Confirm your email to start booking sessions with your favourite creators.",
      `Your verification code is ${code}. It expires in ${minutes} minutes.`,
    ],
    { label: "Verify my email", url: `${links.origin}/signup/verify/${token}` },
  );
}

export function resetPasswordEmail(links: Links, token: string): EmailMessage {
  return compose(
    links,
    "Reset your Noobrd password",
    [
      "Someone asked to reset the password of your Noobrd account. If it was you, use the link below.",
      `The link expires in ${minutes} minutes. If you did not ask, ignore this email: your password stays the same.`,
    ],
    { label: "Choose a new password", url: `${links.origin}/reset-password/${token}` },
  );
}

export function streamerSetupEmail(links: Links, token: string): EmailMessage {
  return compose(
    links,
    "Set up your Noobrd streamer account",
    [
      "The Noobrd team has created a streamer account for you. Choose a password to sign in to your dashboard.",
      `The link expires in ${minutes} minutes; ask the team for a new one if it runs out.`,
    ],
    {
      label: "Set my password",
      url: `${links.origin}/streamer-password-setup/${encodeURIComponent(links.to)}?token=${token}`,
    },
  );
}

export function changeEmailCodeEmail(links: Links, code: string): EmailMessage {
  return compose(links, "Confirm your new Noobrd email", [
    "Use this code to confirm this address as the new email of your Noobrd account:",
    `${code} (expires in ${minutes} minutes)`,
    "If you did not ask for this, ignore this email.",
  ]);
}

/**
 * To the owner of an address someone tried to sign up with: sign-up answers the same whether or not the
 * address has an account (no enumeration), so the owner learns it here.
 */
export function signupAttemptEmail(links: Links): EmailMessage {
  return compose(
    links,
    "Someone tried to sign up with your email",
    [
      "Someone (perhaps you) tried to create a Noobrd account with this email address, which already has one.",
      "If it was you, log in instead, or reset your password if you have forgotten it. If not, you can ignore this email.",
    ],
    { label: "Log in", url: `${links.origin}/login` },
  );
}

export function closeAccountCodeEmail(links: Links, code: string): EmailMessage {
  return compose(links, "Your code to close your Noobrd account", [
    "Someone signed in to your Noobrd account asked to close it. If it was you, type this code on the page:",
    `${code} (it expires in ${minutes} minutes).`,
    "If it was not you, do not share the code, and change your password: your account stays open.",
  ]);
}

export function closureScheduledEmail(links: Links, when: string): EmailMessage {
  return compose(
    links,
    "Your Noobrd account will be closed",
    [
      `Your account will be closed on ${when}. Until then you can change your mind: sign in, and it stays open.`,
      "After that date we erase your name, email, gamer tags, picture and sign-ins. Your orders, payments and invoices are kept under an anonymous id for as long as tax law requires.",
    ],
    { label: "Sign in to keep my account", url: `${links.origin}/login` },
  );
}
