/** Names, handles and bios for influencers and fans (all invented). */
import type { Profession } from "~db/schema";

export type SeedStreamer = {
  handle: string;
  fullName: string;
  country: string;
  profession: Profession;
  /** Slugs of the games they mostly play. */
  games: readonly string[];
};

/** 39 hand-written stars; the 40th is the demo influencer. Larger seeds make up the rest. */
export const STREAMERS: readonly SeedStreamer[] = [
  {
    handle: "NovaStrikeGG",
    fullName: "Arjun Mehta",
    country: "IN",
    profession: "Streamer",
    games: ["valorant", "counter-strike-2"],
  },
  { handle: "ViperQueen", fullName: "Sofia Almeida", country: "BR", profession: "Pro Player", games: ["valorant"] },
  {
    handle: "KairoTV",
    fullName: "Kairo Bennett",
    country: "US",
    profession: "Streamer",
    games: ["fortnite", "apex-legends"],
  },
  {
    handle: "MapleMage",
    fullName: "Chloe Tremblay",
    country: "CA",
    profession: "Content Creator",
    games: ["minecraft", "fall-guys"],
  },
  {
    handle: "BlitzKrieger",
    fullName: "Jonas Weber",
    country: "DE",
    profession: "Pro Player",
    games: ["counter-strike-2", "valorant"],
  },
  { handle: "DesiDuelist", fullName: "Rohan Iyer", country: "IN", profession: "Pro Player", games: ["valorant"] },
  {
    handle: "PixelPriya",
    fullName: "Priya Nair",
    country: "IN",
    profession: "Content Creator",
    games: ["minecraft", "among-us"],
  },
  {
    handle: "ClutchCarter",
    fullName: "Ethan Carter",
    country: "US",
    profession: "Coach",
    games: ["valorant", "overwatch-2"],
  },
  {
    handle: "LunaLoot",
    fullName: "Hannah Clarke",
    country: "GB",
    profession: "Streamer",
    games: ["fortnite", "fall-guys"],
  },
  {
    handle: "SambaSniper",
    fullName: "Lucas Ferreira",
    country: "BR",
    profession: "YouTuber",
    games: ["call-of-duty-warzone", "fortnite"],
  },
  { handle: "TacticalTom", fullName: "Tom Whitfield", country: "GB", profession: "Coach", games: ["counter-strike-2"] },
  {
    handle: "Zenkai",
    fullName: "Kenji Watanabe",
    country: "JP",
    profession: "Pro Player",
    games: ["apex-legends", "overwatch-2"],
  },
  {
    handle: "GoalMachineAli",
    fullName: "Ali Hassan",
    country: "AE",
    profession: "Pro Player",
    games: ["ea-sports-fc-25"],
  },
  {
    handle: "JungleDiffJess",
    fullName: "Jessica Moreau",
    country: "FR",
    profession: "Coach",
    games: ["league-of-legends"],
  },
  {
    handle: "AerialAndy",
    fullName: "Andrew Kowalski",
    country: "PL",
    profession: "Pro Player",
    games: ["rocket-league"],
  },
  {
    handle: "ChaiAndChill",
    fullName: "Sneha Kapoor",
    country: "IN",
    profession: "Streamer",
    games: ["among-us", "minecraft", "fall-guys"],
  },
  {
    handle: "RaidBossRiya",
    fullName: "Riya Sharma",
    country: "IN",
    profession: "Streamer",
    games: ["call-of-duty-warzone", "apex-legends"],
  },
  {
    handle: "MidOrFeedMax",
    fullName: "Max Lindqvist",
    country: "SE",
    profession: "YouTuber",
    games: ["league-of-legends"],
  },
  {
    handle: "ElTaco",
    fullName: "Diego Hernandez",
    country: "MX",
    profession: "Streamer",
    games: ["fortnite", "rocket-league"],
  },
  {
    handle: "KiwiClutch",
    fullName: "Aroha Ngata",
    country: "NZ",
    profession: "Content Creator",
    games: ["overwatch-2", "valorant"],
  },
  {
    handle: "BuildBattleBen",
    fullName: "Ben Okafor",
    country: "NG",
    profession: "YouTuber",
    games: ["fortnite", "minecraft"],
  },
  {
    handle: "SmokeCriminal",
    fullName: "Mateus Costa",
    country: "BR",
    profession: "Pro Player",
    games: ["counter-strike-2"],
  },
  { handle: "HealbotHana", fullName: "Hana Park", country: "KR", profession: "Pro Player", games: ["overwatch-2"] },
  { handle: "FutGuruVik", fullName: "Vikram Singh", country: "IN", profession: "YouTuber", games: ["ea-sports-fc-25"] },
  {
    handle: "NightOwlNina",
    fullName: "Nina Schulz",
    country: "DE",
    profession: "Streamer",
    games: ["league-of-legends", "valorant"],
  },
  {
    handle: "DropZoneDan",
    fullName: "Daniel Murphy",
    country: "IE",
    profession: "Streamer",
    games: ["call-of-duty-warzone"],
  },
  { handle: "CozyCreeper", fullName: "Emily Wong", country: "SG", profession: "Content Creator", games: ["minecraft"] },
  {
    handle: "FlankFrenzy",
    fullName: "Carlos Ruiz",
    country: "ES",
    profession: "Streamer",
    games: ["valorant", "apex-legends"],
  },
  {
    handle: "TurboTurtle",
    fullName: "Liam Johnson",
    country: "AU",
    profession: "YouTuber",
    games: ["rocket-league", "fall-guys"],
  },
  { handle: "SusSquad", fullName: "Aisha Bello", country: "NG", profession: "Content Creator", games: ["among-us"] },
  { handle: "ApexAnanya", fullName: "Ananya Reddy", country: "IN", profession: "Pro Player", games: ["apex-legends"] },
  {
    handle: "ToxicFreeTyler",
    fullName: "Tyler Brooks",
    country: "US",
    profession: "Coach",
    games: ["overwatch-2", "league-of-legends"],
  },
  {
    handle: "PremierPaulo",
    fullName: "Paulo Santos",
    country: "PT",
    profession: "Pro Player",
    games: ["ea-sports-fc-25", "rocket-league"],
  },
  {
    handle: "WardenWill",
    fullName: "William Hughes",
    country: "GB",
    profession: "Streamer",
    games: ["minecraft", "call-of-duty-warzone"],
  },
  {
    handle: "MumbaiMaverick",
    fullName: "Kabir Desai",
    country: "IN",
    profession: "Streamer",
    games: ["call-of-duty-warzone", "valorant"],
  },
  {
    handle: "LaserLena",
    fullName: "Lena Fischer",
    country: "DE",
    profession: "Content Creator",
    games: ["valorant", "fortnite"],
  },
  {
    handle: "ClutchOrKick",
    fullName: "Marcus Reed",
    country: "US",
    profession: "Pro Player",
    games: ["counter-strike-2", "valorant"],
  },
  {
    handle: "PartyBeanPat",
    fullName: "Patricia Lopez",
    country: "PH",
    profession: "Streamer",
    games: ["fall-guys", "among-us"],
  },
  { handle: "BaronBaiter", fullName: "Hyun-woo Kim", country: "KR", profession: "Coach", games: ["league-of-legends"] },
];

/** Given and family names by country, for fans and scale-generated stars. */
export const NAMES: Record<string, { given: readonly string[]; family: readonly string[] }> = {
  IN: {
    given: [
      "Aarav",
      "Vihaan",
      "Aditya",
      "Ishaan",
      "Kavya",
      "Diya",
      "Ananya",
      "Saanvi",
      "Arnav",
      "Meera",
      "Rahul",
      "Neha",
      "Karan",
      "Pooja",
      "Siddharth",
      "Tanvi",
    ],
    family: [
      "Sharma",
      "Patel",
      "Iyer",
      "Reddy",
      "Nair",
      "Gupta",
      "Singh",
      "Das",
      "Joshi",
      "Kulkarni",
      "Menon",
      "Chatterjee",
    ],
  },
  US: {
    given: ["Jacob", "Olivia", "Noah", "Emma", "Mason", "Ava", "Logan", "Mia", "Jayden", "Harper", "Caleb", "Chloe"],
    family: ["Smith", "Johnson", "Miller", "Davis", "Garcia", "Wilson", "Anderson", "Thomas", "Moore", "Jackson"],
  },
  GB: {
    given: ["Oliver", "Amelia", "George", "Isla", "Harry", "Freya", "Jack", "Poppy", "Alfie", "Grace"],
    family: ["Taylor", "Brown", "Evans", "Walker", "Wright", "Roberts", "Hall", "Green", "Wood", "Clarke"],
  },
  BR: {
    given: ["Gabriel", "Julia", "Matheus", "Beatriz", "Rafael", "Larissa", "Pedro", "Camila", "Thiago", "Isabela"],
    family: ["Silva", "Santos", "Oliveira", "Souza", "Lima", "Pereira", "Carvalho", "Gomes", "Ribeiro", "Araujo"],
  },
  DE: {
    given: ["Leon", "Mia", "Finn", "Emilia", "Paul", "Hannah", "Felix", "Lea", "Jonas", "Marie"],
    family: ["Muller", "Schmidt", "Schneider", "Fischer", "Meyer", "Wagner", "Becker", "Hoffmann", "Koch", "Richter"],
  },
  FR: {
    given: ["Lucas", "Lea", "Hugo", "Manon", "Louis", "Chloe", "Nathan", "Camille"],
    family: ["Martin", "Bernard", "Dubois", "Laurent", "Petit", "Durand", "Leroy", "Moreau"],
  },
  PH: {
    given: ["Miguel", "Andrea", "Joshua", "Nicole", "Paolo", "Bea", "Carlo", "Trisha"],
    family: ["Santos", "Reyes", "Cruz", "Bautista", "Garcia", "Mendoza", "Villanueva", "Ramos"],
  },
  ID: {
    given: ["Budi", "Putri", "Rizky", "Ayu", "Dimas", "Sari", "Fajar", "Dewi"],
    family: ["Santoso", "Wijaya", "Saputra", "Hidayat", "Pratama", "Kusuma", "Nugroho", "Lestari"],
  },
  MX: {
    given: ["Santiago", "Valentina", "Mateo", "Regina", "Emiliano", "Ximena", "Diego", "Renata"],
    family: ["Hernandez", "Garcia", "Martinez", "Lopez", "Gonzalez", "Perez", "Ramirez", "Flores"],
  },
  NG: {
    given: ["Chidi", "Amara", "Tunde", "Ngozi", "Emeka", "Zainab", "Segun", "Funmi"],
    family: ["Okafor", "Adeyemi", "Okonkwo", "Bello", "Eze", "Balogun", "Nwosu", "Ibrahim"],
  },
};

/** Fan country mix (relative weights). */
export const FAN_COUNTRIES: readonly (readonly [string, number])[] = [
  ["IN", 34],
  ["US", 18],
  ["BR", 11],
  ["GB", 8],
  ["DE", 7],
  ["PH", 6],
  ["ID", 5],
  ["MX", 4],
  ["FR", 4],
  ["NG", 3],
];

export const HANDLE_PREFIXES: readonly string[] = [
  "Shadow",
  "Pixel",
  "Turbo",
  "Frost",
  "Nova",
  "Crimson",
  "Silent",
  "Rapid",
  "Lucky",
  "Cosmic",
  "Neon",
  "Iron",
  "Lazy",
  "Salty",
  "Sneaky",
  "Toxic",
  "Chill",
  "Hyper",
  "Mellow",
  "Rogue",
  "Feral",
  "Golden",
  "Quantum",
  "Spicy",
];
export const HANDLE_SUFFIXES: readonly string[] = [
  "Wolf",
  "Fox",
  "Sniper",
  "Ninja",
  "Panda",
  "Falcon",
  "Rider",
  "Knight",
  "Goblin",
  "Mage",
  "Tiger",
  "Viper",
  "Noob",
  "Llama",
  "Bean",
  "Cactus",
  "Comet",
  "Raptor",
  "Potato",
  "Yeti",
  "Otter",
  "Phantom",
  "Ace",
  "Duck",
];

/** Bio building blocks: an opener per profession, a middle about style, a closer about schedule. */
export const BIO_OPENERS: Record<Profession, readonly string[]> = {
  Streamer: [
    "Full-time variety streamer and part-time snack critic.",
    "Streaming five nights a week with the best chat on the internet.",
    "I stream, I sweat, I occasionally clutch.",
  ],
  "Pro Player": [
    "Former tier-one pro, still grinding the ladder every day.",
    "Competing professionally since 2019; two LAN titles and counting.",
    "Pro player by day, ranked menace by night.",
  ],
  Coach: [
    "Coach for amateur and semi-pro rosters; I review hundreds of hours of VODs a month.",
    "I help players fix the habits that keep them stuck in the same rank.",
    "Analyst turned coach: clear, honest feedback while we play.",
  ],
  "Content Creator": [
    "Making guides, shorts and chaotic challenge videos for a growing community.",
    "Content creator focused on cozy games and big builds.",
    "I make the videos you watch instead of studying.",
  ],
  YouTuber: [
    "YouTuber with tutorials, highlight reels and the occasional rage compilation.",
    "Weekly videos on meta changes, tier lists and tips that actually work.",
    "I break down the meta on YouTube and play it with you here.",
  ],
};
export const BIO_MIDDLES: readonly string[] = [
  "Sessions are relaxed but focused: we play to win and we learn from every loss.",
  "No toxicity, no flame, just good games and honest tips.",
  "Expect comms, callouts and a quick debrief after every match.",
  "Beginners are welcome; I adapt every session to your level.",
  "Bring your questions: I explain my decisions while I play.",
];
export const BIO_CLOSERS: readonly string[] = [
  "Usually live evenings in my time zone.",
  "Weekend sessions fill up fast, book early.",
  "Follow me to get a ping when new slots drop.",
  "See you in the lobby.",
];

/** Sentences for gig descriptions. */
export const GIG_OPENERS: readonly string[] = [
  "Queue up with me for a proper {mode} session in {game}.",
  "This is a hands-on {game} session: we play {mode} together and I coach as we go.",
  "Want to finally enjoy {mode} without randoms throwing? Book a slot and we play as a team.",
  "A relaxed {mode} session for anyone who wants good games and good company.",
];
export const GIG_MIDDLES: readonly string[] = [
  "Before the first game I ask about your goals, then we pick a plan and stick to it.",
  "I call the shots on comms, explain why, and let you take over once you are comfortable.",
  "Between games I give you two or three concrete things to work on, nothing vague.",
  "We warm up for a few minutes, then play full matches, no scripted drills.",
  "If you bring friends, book the seats together and I will keep the squad on one voice channel.",
  "I stream the session unless you ask me not to; your gamer tag stays off screen if you prefer.",
];
export const GIG_CLOSERS: readonly string[] = [
  "Join the Discord link in your booking ten minutes early so we start on time.",
  "You will get the lobby code on the booking page once the slot starts.",
  "Good vibes required, skill optional.",
  "Cancellations follow the cancellation policy; if I have to cancel, you get a full refund.",
];
