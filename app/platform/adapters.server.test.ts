import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { standIn, standInRegistry } from "./adapters.server";
import { emailSender } from "./email/email.server";

describe("the stand-ins' registry", () => {
  it("answers the stand-in registered for a service, and refuses clearly where none is", async () => {
    const registry = standInRegistry();
    expect(() => registry.get("email")).toThrow(/^No email stand-in is registered: workers\/dev-composition\.ts/);
    const sent: string[] = [];
    registry.register({
      email: { sender: () => ({ send: async (message) => void sent.push(message.to) }), read: async () => [] },
    });
    await registry.get("email").sender(env.PRIVATE_FILES).send({ to: "a@x.test", subject: "", text: "", html: "" });
    expect(sent).toEqual(["a@x.test"]);
    expect(() => registry.get("push")).toThrow("No push stand-in is registered");
  });

  it("holds what the development composition registered for the tests (workers/dev-composition.ts)", async () => {
    const services = ["email", "discord", "push", "chat", "turnstile", "stripe", "oauth"] as const;
    expect(services.map((service) => typeof standIn(service))).toEqual(services.map(() => "object"));
    // The email adapter sends through it where no real provider is configured.
    const to = `registry-${crypto.randomUUID()}@x.test`;
    await emailSender(env).send({ to, subject: "Hi", text: "Hi", html: "<p>Hi</p>" });
    expect((await standIn("email").read(env.PRIVATE_FILES, { to })).map((message) => message.subject)).toEqual(["Hi"]);
  });
});
