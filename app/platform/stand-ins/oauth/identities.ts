/** The providers the OAuth stand-in plays (provider.ts). */
export type StandInProviderName = "discord" | "google" | "twitch";

/** A fake person as the provider knows them. */
export type StandInIdentity = {
  id: string;
  username: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  /** Discord avatar hash; Google identities get a picture URL served by the stand-in. */
  avatar: string | null;
};

/** The fake people the stand-in offers on its consent page, per provider. */
export const STAND_IN_IDENTITIES: Record<StandInProviderName, (StandInIdentity & { key: string; label: string })[]> = {
  discord: [
    {
      key: "nelly",
      label: "Nelly: verified email",
      id: "80351110224678912",
      username: "nelly",
      name: "Nelly",
      email: "nelly@stand-in.test",
      emailVerified: true,
      avatar: null,
    },
    {
      key: "kai",
      label: "Kai: no email shared",
      id: "80351110224678913",
      username: "quiet_kai",
      name: "Kai",
      email: null,
      emailVerified: false,
      avatar: null,
    },
    {
      key: "uma",
      label: "Uma: email not verified",
      id: "80351110224678914",
      username: "unverified_uma",
      name: "Uma",
      email: "uma@stand-in.test",
      emailVerified: false,
      avatar: null,
    },
  ],
  twitch: [
    {
      key: "streamy",
      label: "Streamy: a streamer's channel",
      id: "41245072",
      username: "streamy",
      name: "Streamy",
      email: null,
      emailVerified: false,
      avatar: null,
    },
    {
      key: "viewy",
      label: "Viewy: a viewer",
      id: "52345678",
      username: "viewy",
      name: "Viewy",
      email: null,
      emailVerified: false,
      avatar: null,
    },
  ],
  google: [
    {
      key: "grace",
      label: "Grace: verified email",
      id: "104857600000000000001",
      username: "grace",
      name: "Grace Hopper",
      email: "grace@stand-in.test",
      emailVerified: true,
      avatar: null,
    },
    {
      key: "nadia",
      label: "Nadia: no email shared",
      id: "104857600000000000002",
      username: "nadia",
      name: "Nadia Noemail",
      email: null,
      emailVerified: false,
      avatar: null,
    },
  ],
};
