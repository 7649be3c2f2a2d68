import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../security-headers";
import {
  configuredProviders,
  profileFromDiscord,
  profileFromGoogle,
  providerFormActionOrigins,
  providerSettings,
} from "./providers.server";

const devEnv = {
  APP_ENV: "development",
  OAUTH_DISCORD_CLIENT_ID: "id",
  OAUTH_DISCORD_CLIENT_SECRET: "secret",
  OAUTH_DISCORD_AUTHORIZE_URL: "/__stand-in/oauth/discord/authorize",
  OAUTH_DISCORD_TOKEN_URL: "/__stand-in/oauth/discord/token",
  OAUTH_DISCORD_USERINFO_URL: "/__stand-in/oauth/discord/users/@me",
} as unknown as Env;

describe("provider settings", () => {
  it("resolves relative endpoints against the app's origin in development", () => {
    const settings = providerSettings(devEnv, "discord", "http://localhost:5293");
    expect(settings?.authorizeUrl.toString()).toBe("http://localhost:5293/__stand-in/oauth/discord/authorize");
    expect(settings?.userInfoUrl.toString()).toBe("http://localhost:5293/__stand-in/oauth/discord/users/@me");
    expect(settings?.scopes).toEqual(["identify", "email"]);
  });

  it("refuses relative or plain-http endpoints in production, and defaults to the real providers", () => {
    const production = { ...devEnv, APP_ENV: "production" } as unknown as Env;
    expect(providerSettings(production, "discord", "https://noobrd.gg")).toBeNull();
    const real = {
      APP_ENV: "production",
      OAUTH_GOOGLE_CLIENT_ID: "gid",
      OAUTH_GOOGLE_CLIENT_SECRET: "gsecret",
    } as unknown as Env;
    const google = providerSettings(real, "google", "https://noobrd.gg");
    expect(google?.authorizeUrl.toString()).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(google?.tokenUrl.toString()).toBe("https://oauth2.googleapis.com/token");
    expect(configuredProviders(real, "https://noobrd.gg")).toEqual(["google"]);
    // The sign-in form redirects to Google: CSP form-action must allow it.
    const origins = providerFormActionOrigins(real, "https://noobrd.gg");
    expect(origins).toEqual(["https://accounts.google.com"]);
    expect(contentSecurityPolicy("n", false, origins)).toContain("form-action 'self' https://accounts.google.com;");
  });

  it("leaves a provider out when its client id or secret is missing", () => {
    const env = { APP_ENV: "production", OAUTH_DISCORD_CLIENT_ID: "id" } as unknown as Env;
    expect(configuredProviders(env, "https://noobrd.gg")).toEqual([]);
  });
});

describe("profiles from user-info answers", () => {
  it("maps Discord's user object, with the avatar on Discord's CDN", () => {
    expect(
      profileFromDiscord({
        id: "80351110224678912",
        username: "nelly",
        global_name: "Nelly",
        avatar: "8342729096ea3675442027381ff50dfe",
        email: "Nelly@Discord.com",
        verified: true,
      }),
    ).toEqual({
      provider: "discord",
      providerUserId: "80351110224678912",
      email: "nelly@discord.com",
      emailVerified: true,
      name: "Nelly",
      username: "nelly",
      pictureUrl: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
    });
    const noEmail = profileFromDiscord({ id: "1", username: "kai", global_name: null, avatar: null });
    expect(noEmail).toMatchObject({ email: null, emailVerified: false, name: "kai", pictureUrl: null });
    expect(profileFromDiscord({ id: "2", email: "x@y.z", verified: false })?.emailVerified).toBe(false);
    expect(profileFromDiscord({ username: "no id" })).toBeNull();
    expect(profileFromDiscord("nonsense")).toBeNull();
  });

  it("maps Google's OpenID userinfo", () => {
    expect(
      profileFromGoogle({
        sub: "1048",
        email: "grace@gmail.com",
        email_verified: true,
        name: "Grace Hopper",
        picture: "https://lh3.googleusercontent.com/a/x",
      }),
    ).toEqual({
      provider: "google",
      providerUserId: "1048",
      email: "grace@gmail.com",
      emailVerified: true,
      name: "Grace Hopper",
      username: "grace",
      pictureUrl: "https://lh3.googleusercontent.com/a/x",
    });
    expect(profileFromGoogle({ sub: "9", picture: "javascript:alert(1)" })).toMatchObject({
      email: null,
      pictureUrl: null,
    });
  });
});
