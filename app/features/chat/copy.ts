/** What the bot says in chat, and the chat feature's refusals (one place for the words). */
export const CHAT_COPY = {
  unknownViewer: "This chat viewer is not recognised",
  banned: "you can't join queues on Noobrd",
  linkedElsewhere: "This chat account is linked to another Noobrd account",
  closed: "the queue is closed: the streamer is not live",
  joined: (line: string, minutes: number) => `you're in the queue: ${line} in line (about ${minutes} min)`,
  calledNow: "you're up! Type !ready to confirm",
  /** The streamer called the fan from the dashboard (or a mod's !next): said in the channel. */
  yourTurn: (within: string) => `you're up: type !ready within ${within}`,
  /** The same call told by Discord DM. */
  yourTurnDm: (streamer: string, server: string, within: string) =>
    `You're up with ${streamer}: type /ready in ${server} within ${within}.`,
  position: (line: string, minutes: number) => `you're ${line} in line (about ${minutes} min)`,
  playingNext: "you're up: playing next! Type !ready to confirm if you haven't",
  inGame: "you're in game now",
  notQueued: "you're not in the queue: type !join and your gamer tag",
  left: "you left the queue",
  ready: "ready confirmed: see you in the lobby",
  queueLink: (url: string) => `join the queue and watch it at ${url}`,
  vipLink: (url: string) => `VIP places are paid on the site (chat can't take money): ${url}`,
  modsOnly: "only moderators may do that",
  calledNext: (names: string) => `called next: ${names}`,
  nobodyWaiting: "nobody is waiting",
  removed: (name: string) => `removed ${name} from the queue`,
  noSuchFan: (name: string) => `nobody called ${name} is in the queue`,
  badSignature: "Invalid signature",
  staleMessage: "Message too old",
} as const;
