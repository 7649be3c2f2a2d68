/**
 * Real games with their real modes and platforms, as seed data.
 * no_of_players is the number of FAN seats in one session: e.g. a Valorant five-stack is the
 * streamer plus 4 fans; a 1v1 mode is 1 fan against the streamer.
 */

export type PlatformKey = "playstation" | "nintendo-switch" | "xbox" | "pc" | "android" | "ios";

export const PLATFORMS: readonly { key: PlatformKey; name: string }[] = [
  { key: "playstation", name: "PlayStation" },
  { key: "nintendo-switch", name: "Nintendo Switch" },
  { key: "xbox", name: "XBOX" },
  { key: "pc", name: "PC" },
  { key: "android", name: "Android" },
  { key: "ios", name: "iOS" },
];

export type SeedMode = { name: string; duration: number; players: number };

export type SeedGame = {
  slug: string;
  name: string;
  description: string;
  platforms: readonly PlatformKey[];
  crossplatform: boolean;
  colors: readonly [string, string, string];
  modes: readonly SeedMode[];
  /** Gig titles specific to this game (<= 66 characters). */
  titles: readonly string[];
  tags: readonly string[];
  /** Typical requirement lines for a gig of this game. */
  requirements: readonly { key: string; values: readonly string[] }[];
  /** Relative share of gigs. */
  weight: number;
};

const ALL: readonly PlatformKey[] = ["playstation", "nintendo-switch", "xbox", "pc", "android", "ios"];
const CONSOLES_AND_PC: readonly PlatformKey[] = ["playstation", "nintendo-switch", "xbox", "pc"];

export const GAMES: readonly SeedGame[] = [
  {
    slug: "valorant",
    name: "Valorant",
    description:
      "Riot Games' 5v5 tactical shooter: precise gunplay, agents with unique abilities, and rounds won by planting or defusing the Spike.",
    platforms: ["pc", "playstation", "xbox"],
    crossplatform: false,
    colors: ["#FF4655", "#0F1923", "#ECE8E1"],
    modes: [
      { name: "Competitive", duration: 45, players: 4 },
      { name: "Unrated", duration: 40, players: 4 },
      { name: "Swiftplay", duration: 20, players: 4 },
      { name: "Spike Rush", duration: 15, players: 4 },
      { name: "Team Deathmatch", duration: 10, players: 4 },
      { name: "Custom 5v5", duration: 45, players: 9 },
    ],
    titles: [
      "Five-stack Competitive: road to Immortal together",
      "Radiant aim routine, then ranked games with you",
      "Learn Jett entries with a pro duelist",
      "Sova and KAY/O lineups on every map, live",
      "IGL bootcamp: call rounds, win rounds",
      "Spike Rush chaos with the chat",
      "Unrated with VOD notes after every game",
      "Custom 5v5 scrim: fans vs my stack",
      "Crosshair placement clinic in Team Deathmatch",
      "Controller smokes 101: Omen, Brimstone, Clove",
    ],
    tags: ["ranked", "aim", "lineups", "igl", "5-stack", "tactical-fps", "coaching", "chill"],
    requirements: [
      {
        key: "Rank",
        values: ["Silver or above", "Gold or above", "Any rank", "Platinum or above", "Diamond or above"],
      },
      { key: "Region", values: ["AP (Mumbai)", "EU", "NA", "BR"] },
      { key: "Mic", values: ["Required", "Preferred"] },
    ],
    weight: 16,
  },
  {
    slug: "fortnite",
    name: "Fortnite",
    description:
      "Epic Games' battle royale: a hundred players drop onto the island, loot, build or go Zero Build, and fight to be the last squad standing.",
    platforms: ALL,
    crossplatform: true,
    colors: ["#9D4DBB", "#F7D731", "#1B1C36"],
    modes: [
      { name: "Duos", duration: 25, players: 1 },
      { name: "Trios", duration: 25, players: 2 },
      { name: "Squads", duration: 25, players: 3 },
      { name: "Zero Build Squads", duration: 25, players: 3 },
      { name: "Reload Squads", duration: 15, players: 3 },
      { name: "Creative Box Fights 1v1", duration: 20, players: 1 },
    ],
    titles: [
      "Zero Build squads: hot drops only",
      "Box fight 1v1s: beat me and win a shoutout",
      "Squad up for wins, chill vibes, no rage",
      "Learn high-ground retakes in Creative",
      "Reload squads speedrun with the chat",
      "Arena grind: earn points with a Champion",
      "Building and editing drills, then real games",
    ],
    tags: ["battle-royale", "zero-build", "building", "squads", "chill", "wins", "creative"],
    requirements: [
      { key: "Epic account", values: ["Add my Epic ID before the session", "Crossplay enabled"] },
      { key: "Age", values: ["13+", "Any"] },
      { key: "Mic", values: ["Preferred", "Not needed"] },
    ],
    weight: 14,
  },
  {
    slug: "apex-legends",
    name: "Apex Legends",
    description:
      "Respawn's hero shooter battle royale: squads of legends with distinct abilities, fast movement and some of the best gunplay in the genre.",
    platforms: CONSOLES_AND_PC,
    crossplatform: true,
    colors: ["#DA292A", "#1A1A1A", "#F2F2F2"],
    modes: [
      { name: "Trios", duration: 25, players: 2 },
      { name: "Duos", duration: 20, players: 1 },
      { name: "Ranked Trios", duration: 30, players: 2 },
      { name: "Mixtape", duration: 15, players: 2 },
    ],
    titles: [
      "Ranked trios to Diamond: comms and rotations",
      "Movement tech clinic: tap-strafe and slide jumps",
      "Chill pubs with a Predator player",
      "Mixtape warm-up, then ranked together",
      "Learn to IGL rotations and ring reads",
    ],
    tags: ["ranked", "movement", "battle-royale", "trios", "predator", "coaching"],
    requirements: [
      { key: "Rank", values: ["Gold or above", "Platinum or above", "Any rank"] },
      { key: "EA account", values: ["Crossplay enabled", "Send your EA ID when booking"] },
    ],
    weight: 9,
  },
  {
    slug: "call-of-duty-warzone",
    name: "Call of Duty: Warzone",
    description:
      "Activision's free-to-play battle royale: big-map quads, Resurgence respawns, loadout drops and the Gulag for a second chance.",
    platforms: ["playstation", "xbox", "pc"],
    crossplatform: true,
    colors: ["#F2A900", "#111111", "#5A6B47"],
    modes: [
      { name: "Battle Royale Quads", duration: 30, players: 3 },
      { name: "Battle Royale Trios", duration: 30, players: 2 },
      { name: "Battle Royale Duos", duration: 30, players: 1 },
      { name: "Resurgence Quads", duration: 20, players: 3 },
      { name: "Plunder", duration: 30, players: 3 },
    ],
    titles: [
      "Resurgence quads: high-kill games with the chat",
      "Meta loadouts and how to use them, live",
      "Win a Warzone with a top-250 player",
      "Gulag masterclass, then quads together",
      "Sweaty Resurgence, bring your best loadout",
    ],
    tags: ["battle-royale", "resurgence", "loadouts", "quads", "fps", "high-kill"],
    requirements: [
      { key: "Activision ID", values: ["Add me before the session", "Crossplay enabled"] },
      { key: "Mic", values: ["Required", "Preferred"] },
    ],
    weight: 8,
  },
  {
    slug: "league-of-legends",
    name: "League of Legends",
    description:
      "Riot's 5v5 MOBA: pick a champion, lane, farm, fight for objectives and push down the enemy Nexus on Summoner's Rift.",
    platforms: ["pc"],
    crossplatform: false,
    colors: ["#C89B3C", "#0A1428", "#0AC8B9"],
    modes: [
      { name: "Ranked Solo/Duo", duration: 35, players: 1 },
      { name: "Ranked Flex", duration: 35, players: 4 },
      { name: "Normal Draft", duration: 35, players: 4 },
      { name: "ARAM", duration: 22, players: 4 },
      { name: "Arena", duration: 20, players: 1 },
      { name: "Custom 5v5", duration: 40, players: 9 },
    ],
    titles: [
      "Duo queue with a Challenger jungler",
      "Bot lane coaching: lane states and wave control",
      "ARAM night: snowballs and chaos",
      "Flex five-stack with live macro calls",
      "Mid lane matchup school, game by game",
      "Custom 5v5: my team vs the community",
    ],
    tags: ["moba", "ranked", "jungle", "macro", "aram", "duo", "coaching"],
    requirements: [
      { key: "Server", values: ["EUW", "NA", "EUNE", "BR"] },
      { key: "Rank", values: ["Any rank", "Silver or above", "Gold or above"] },
      { key: "Account level", values: ["30+", "Any"] },
    ],
    weight: 9,
  },
  {
    slug: "rocket-league",
    name: "Rocket League",
    description:
      "Psyonix's rocket-powered car football: aerials, flip resets and team rotations, in matches that last five minutes.",
    platforms: CONSOLES_AND_PC,
    crossplatform: true,
    colors: ["#0C7CE5", "#F57C1F", "#1B2735"],
    modes: [
      { name: "1v1 Duel", duration: 10, players: 1 },
      { name: "2v2 Doubles", duration: 15, players: 1 },
      { name: "3v3 Standard", duration: 15, players: 2 },
      { name: "Rumble", duration: 10, players: 2 },
      { name: "Private Match 3v3", duration: 30, players: 5 },
    ],
    titles: [
      "1v1 me: score once and win a shoutout",
      "Doubles with a Grand Champ: rotations explained",
      "Aerial training, then ranked 3s together",
      "Rumble and chill with the community",
      "Private 3v3 lobby: fans vs the stream",
    ],
    tags: ["ranked", "aerials", "2v2", "3v3", "mechanics", "car-soccer"],
    requirements: [
      { key: "Rank", values: ["Any rank", "Champion or above", "Diamond or above"] },
      { key: "Epic account", values: ["Crossplay enabled"] },
    ],
    weight: 7,
  },
  {
    slug: "minecraft",
    name: "Minecraft",
    description:
      "Mojang's sandbox: survive, build anything block by block, or play minigames like Bed Wars and SkyWars on community servers.",
    platforms: ALL,
    crossplatform: true,
    colors: ["#62B47A", "#8B5A2B", "#3C8527"],
    modes: [
      { name: "Survival Realm", duration: 90, players: 8 },
      { name: "Bed Wars", duration: 20, players: 3 },
      { name: "SkyWars", duration: 15, players: 7 },
      { name: "Creative Build Session", duration: 60, players: 4 },
      { name: "Hardcore Co-op", duration: 120, players: 3 },
    ],
    titles: [
      "Survival realm night: build the community base",
      "Bed Wars duos and squads, beginners welcome",
      "Creative build-off: I judge, chat votes",
      "Hardcore co-op: one life, no excuses",
      "Redstone basics while we build a farm",
    ],
    tags: ["survival", "building", "bed-wars", "creative", "family-friendly", "chill"],
    requirements: [
      { key: "Edition", values: ["Java", "Bedrock", "Java or Bedrock"] },
      { key: "Age", values: ["Any", "10+"] },
    ],
    weight: 9,
  },
  {
    slug: "ea-sports-fc-25",
    name: "EA Sports FC 25",
    description:
      "EA's football simulation: Ultimate Team squads, Rush 5v5, Pro Clubs and Co-op Seasons, with fresh tactics for the 24/25 season.",
    platforms: CONSOLES_AND_PC,
    crossplatform: true,
    colors: ["#1D1D1B", "#00E06B", "#FFFFFF"],
    modes: [
      { name: "Ultimate Team Friendly", duration: 20, players: 1 },
      { name: "Kick-Off 1v1", duration: 15, players: 1 },
      { name: "Co-op Seasons", duration: 20, players: 1 },
      { name: "Rush", duration: 15, players: 3 },
      { name: "Pro Clubs", duration: 40, players: 10 },
    ],
    titles: [
      "Play my Ultimate Team: beat me, win a shoutout",
      "FUT Champions prep: custom tactics explained",
      "Pro Clubs night: every position open",
      "Rush 5v5 with the stream",
      "Skill moves clinic, then Kick-Off 1v1",
      "Co-op Seasons grind to Division 1",
    ],
    tags: ["football", "ultimate-team", "fut-champs", "pro-clubs", "rush", "tactics"],
    requirements: [
      { key: "Platform account", values: ["Crossplay enabled", "PSN or Xbox gamertag in booking"] },
      { key: "Controller", values: ["Required"] },
    ],
    weight: 8,
  },
  {
    slug: "overwatch-2",
    name: "Overwatch 2",
    description:
      "Blizzard's 5v5 team shooter: tanks, damage and support heroes fight over payloads and control points.",
    platforms: CONSOLES_AND_PC,
    crossplatform: true,
    colors: ["#F99E1A", "#218FFE", "#43484C"],
    modes: [
      { name: "Quick Play", duration: 20, players: 4 },
      { name: "Competitive Role Queue", duration: 25, players: 4 },
      { name: "Mystery Heroes", duration: 15, players: 4 },
      { name: "Custom Game 5v5", duration: 30, players: 9 },
    ],
    titles: [
      "Support masterclass: Ana, Kiriko and positioning",
      "Role queue climb with a Grandmaster tank",
      "Mystery Heroes mayhem with the chat",
      "Custom 5v5 scrims, fans vs my team",
      "Quick Play warm-up and hero tips",
    ],
    tags: ["hero-shooter", "support", "tank", "ranked", "scrims", "coaching"],
    requirements: [
      { key: "Battle.net", values: ["Send your BattleTag when booking", "Crossplay enabled"] },
      { key: "Rank", values: ["Any rank", "Gold or above"] },
    ],
    weight: 7,
  },
  {
    slug: "counter-strike-2",
    name: "Counter-Strike 2",
    description:
      "Valve's tactical shooter: terrorists and counter-terrorists, smokes and flashes, economy rounds and the Premier rating.",
    platforms: ["pc"],
    crossplatform: false,
    colors: ["#DE9B35", "#1B1B1B", "#5D79AE"],
    modes: [
      { name: "Premier", duration: 60, players: 4 },
      { name: "Competitive", duration: 45, players: 4 },
      { name: "Wingman", duration: 30, players: 1 },
      { name: "Casual", duration: 30, players: 4 },
    ],
    titles: [
      "Premier five-stack with a FACEIT level 10",
      "Mirage and Inferno utility you will actually use",
      "Wingman 2v2: duo with me on Vertigo",
      "Economy and mid-round calls, explained live",
      "Aim map warm-up, then Competitive together",
    ],
    tags: ["fps", "premier", "utility", "faceit", "wingman", "tactical"],
    requirements: [
      { key: "Premier rating", values: ["Any", "10,000+", "15,000+"] },
      { key: "Steam", values: ["Add my Steam friend code", "Prime status required"] },
      { key: "Mic", values: ["Required"] },
    ],
    weight: 7,
  },
  {
    slug: "fall-guys",
    name: "Fall Guys",
    description:
      "Mediatonic's party royale: bean-shaped contestants stumble through obstacle courses until one crown winner remains.",
    platforms: CONSOLES_AND_PC,
    crossplatform: true,
    colors: ["#FF5BC8", "#FFD700", "#5AC8FA"],
    modes: [
      { name: "Squads Show", duration: 20, players: 3 },
      { name: "Duos Show", duration: 20, players: 1 },
      { name: "Custom Show", duration: 30, players: 39 },
    ],
    titles: [
      "Custom show: 40 beans, one crown",
      "Squads for crowns, giggles guaranteed",
      "Duos with me, grabbing strictly allowed",
    ],
    tags: ["party", "family-friendly", "custom-lobby", "chill", "crowns"],
    requirements: [{ key: "Epic account", values: ["Crossplay enabled"] }],
    weight: 4,
  },
  {
    slug: "among-us",
    name: "Among Us",
    description:
      "Innersloth's social deduction game: crewmates finish tasks while impostors sabotage, and every meeting ends in a vote.",
    platforms: ALL,
    crossplatform: true,
    colors: ["#C51111", "#132ED1", "#F5F557"],
    modes: [
      { name: "Classic Lobby", duration: 20, players: 14 },
      { name: "Hide n Seek", duration: 10, players: 14 },
    ],
    titles: [
      "Among Us lobby with the stream: 15 players",
      "Hide n Seek night, proximity chat on",
      "Impostor school: lie like a pro",
    ],
    tags: ["party", "social-deduction", "custom-lobby", "chill", "family-friendly"],
    requirements: [
      { key: "Mic", values: ["Required (proximity chat)", "Preferred"] },
      { key: "Age", values: ["13+"] },
    ],
    weight: 4,
  },
];

/** Title patterns shared by every game; {mode} and {game} are filled in. */
export const GENERIC_TITLES: readonly string[] = [
  "{mode} with me and the chat",
  "{mode} coaching: fix your fundamentals",
  "Chill {mode}, all ranks welcome",
  "Sweaty {mode} games, bring your A-game",
  "Beginner-friendly {mode} with live tips",
  "{game}: {mode} grind together",
  "Late-night {mode} session",
  "Weekend {game} with a pro",
];

export const GENERIC_TAGS: readonly string[] = [
  "beginner-friendly",
  "competitive",
  "fun",
  "tips",
  "english",
  "hindi",
  "portuguese",
  "german",
  "spanish",
  "late-night",
  "weekend",
  "no-toxicity",
];
