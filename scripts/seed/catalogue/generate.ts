import { Faker, en } from "@faker-js/faker";

/**
 * Deterministic generated content for the demo catalogue: plots, taglines,
 * character names, invented people and series. Every call seeds its own
 * faker from a stable key, so a given title always gets the same text no
 * matter what else is generated or in which order. Everything produced here
 * is stored with a `generated_fields` entry (decision 005): it is labelled
 * on the site, never passed off as fact.
 */

const faker = new Faker({ locale: [en] });

/** A stable 31-bit seed from any key. */
export function seedOf(...parts: (string | number)[]): number {
  let h = 2166136261;
  for (const c of parts.join("\u0001")) h = Math.imul(h ^ c.codePointAt(0)!, 16777619) >>> 0;
  return h & 0x7fffffff;
}

/** A faker seeded for one entity. */
export function fakerFor(...parts: (string | number)[]): Faker {
  faker.seed(seedOf(...parts));
  return faker;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const titleCase = (s: string) =>
  s
    .split(" ")
    .map((w, i) => (i > 0 && /^(of|the|a|an|and|in|on|at|to|for)$/.test(w) ? w : capitalise(w)))
    .join(" ");

// --- Plots and taglines ----------------------------------------------------

type GenreKey = "action" | "adventure" | "comedy" | "drama" | "horror" | "thriller" | "romance" | "western" | "musical" | "documentary" | "scifi" | "fantasy" | "family" | "default";

const GOALS: Record<GenreKey, string[]> = {
  action: [
    "stop a private army from seizing a border dam",
    "recover a stolen prototype before it is sold at auction",
    "get a key witness across the city alive",
    "bring down the crew that framed their old partner",
  ],
  adventure: [
    "follow a century-old map into the mountains",
    "find a missing expedition somewhere along the river",
    "cross the desert with a caravan that does not trust them",
    "return a sacred relic before the monsoon closes the pass",
  ],
  comedy: [
    "hide a wedding disaster from both families",
    "save the family diner from a ruthless food critic",
    "win back a job they quit in spectacular fashion",
    "survive a road trip with the one relative they avoid",
  ],
  drama: [
    "hold the family farm together through a hard winter",
    "decide whether to testify against a lifelong friend",
    "rebuild a life after twenty years away",
    "keep a failing school open for one more year",
  ],
  horror: [
    "survive the night in a house that rearranges itself",
    "find out what is calling from the bottom of the lake",
    "escape a village that never lets visitors leave",
    "stop a curse that moves from photograph to photograph",
  ],
  thriller: ["prove a suicide was really a murder", "find the leak inside their own department", "outwit a blackmailer who knows every secret", "track a stolen fortune through three countries"],
  romance: [
    "choose between a safe engagement and an old flame",
    "make a long-distance summer romance survive the autumn",
    "win over a rival who turns out to be a perfect match",
    "keep a promise made at a train station ten years ago",
  ],
  western: [
    "defend a small town from a land-grabbing cattle baron",
    "track a gang of rustlers across the territory",
    "deliver a prisoner to the county seat alive",
    "claim a homestead before the railway arrives",
  ],
  musical: [
    "save the old theatre with one last show",
    "take a garage band all the way to the national finals",
    "reunite a scattered choir for a final performance",
    "win a dance contest that could change everything",
  ],
  documentary: [
    "document a year inside a remarkable institution",
    "trace the story of a forgotten invention",
    "follow a community through a season of change",
    "record the last days of a vanishing craft",
  ],
  scifi: [
    "repair a failing colony ship before it drifts off course",
    "contact whatever is sending signals from the outer moons",
    "undo an experiment that split the timeline",
    "uncover what the city's machines are really doing",
  ],
  fantasy: ["break a spell that has frozen an entire kingdom", "find the heir to a lost throne", "return a stolen star to the night sky", "bargain with the spirits of the old forest"],
  family: ["find their runaway dog before the holidays", "win the school science fair against all odds", "help a lost creature find its way home", "keep the summer camp from closing"],
  default: ["set right a mistake from long ago", "find the truth about their family", "make a fresh start in a strange city", "keep a dangerous secret"],
};

const COMPLICATIONS = [
  "Nobody they trust is quite who they seem",
  "The clock is running out faster than anyone admits",
  "An old rival turns up with an offer that is hard to refuse",
  "Every step forward costs someone close to them",
  "The only ally they have is the person they like least",
  "What looked like luck turns out to be a plan",
];

const TRAITS = ["young", "retired", "ambitious", "reluctant", "disgraced", "idealistic", "stubborn", "grieving", "brilliant", "weary", "restless", "newly promoted", "out-of-work", "small-time"];

/** "a actor" -> "an actor". */
const withArticle = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? "an" : "a"} ${phrase}`;

const STAKES = [
  "If they fail, the people they love will pay the price.",
  "Along the way they learn what they are really willing to lose.",
  "Winning may mean becoming the very thing they fought against.",
  "It is a journey that will change all of them.",
  "What begins as a favour becomes the fight of their lives.",
];

const TAGLINES = [
  "Some secrets refuse to stay buried.",
  "Every ending is a new beginning.",
  "The truth has a price.",
  "One night. One chance.",
  "Nothing will ever be the same.",
  "Courage comes in every size.",
  "Trust no one.",
  "Home is where the story starts.",
  "The past is never finished.",
  "Hold on tight.",
  "Love is the greatest adventure.",
  "Not all heroes wear badges.",
];

/** Which plot vocabulary fits the genres of a title. */
export function genreKey(genres: readonly string[]): GenreKey {
  const map: [string, GenreKey][] = [
    ["Science Fiction", "scifi"],
    ["Fantasy", "fantasy"],
    ["Horror", "horror"],
    ["Western", "western"],
    ["Documentary", "documentary"],
    ["Musical", "musical"],
    ["Music", "musical"],
    ["Family", "family"],
    ["Romance", "romance"],
    ["Thriller", "thriller"],
    ["Action", "action"],
    ["Adventure", "adventure"],
    ["Comedy", "comedy"],
    ["Drama", "drama"],
  ];
  for (const [genre, key] of map) if (genres.includes(genre)) return key;
  return "default";
}

/** A generated synopsis of two or three sentences. */
export function generatePlot(key: string | number, genres: readonly string[]): string {
  const f = fakerFor("plot", key);
  const g = genreKey(genres);
  const who =
    f.number.int(2) === 0
      ? `${f.person.firstName()} ${f.person.lastName()}, ${withArticle(`${f.helpers.arrayElement(TRAITS)} ${f.person.jobType().toLowerCase()}`)} from ${f.location.city()},`
      : `${withArticle(`${f.helpers.arrayElement(TRAITS)} ${f.person.jobType().toLowerCase()}`)} named ${f.person.firstName()}`;
  const goal = f.helpers.arrayElement(GOALS[g]);
  return `${capitalise(who)} must ${goal}. ${f.helpers.arrayElement(COMPLICATIONS)}. ${f.helpers.arrayElement(STAKES)}`;
}

export function generateTagline(key: string | number): string {
  return fakerFor("tagline", key).helpers.arrayElement(TAGLINES);
}

export function generateCharacterName(key: string | number): string {
  const f = fakerFor("character", key);
  const roll = f.number.int(9);
  if (roll === 0) return `${f.helpers.arrayElement(["Detective", "Doctor", "Captain", "Professor", "Sheriff", "Agent"])} ${f.person.lastName()}`;
  if (roll === 1) return f.person.firstName();
  return `${f.person.firstName()} ${f.person.lastName()}`;
}

// --- People -------------------------------------------------------------------

export interface GeneratedPerson {
  name: string;
  gender: "female" | "male" | "nonbinary";
  birthDate: string;
  deathDate: string | null;
  birthPlace: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** An invented person (the whole row is generated). */
export function generatePerson(key: string | number, { bornFrom = 1930, bornTo = 1998 } = {}): GeneratedPerson {
  const f = fakerFor("person", key);
  const roll = f.number.int(49);
  const gender = roll === 0 ? "nonbinary" : roll % 2 === 0 ? "female" : "male";
  const sex = gender === "nonbinary" ? undefined : gender;
  const name = `${f.person.firstName(sex)} ${f.person.lastName()}`;
  const born = f.date.between({ from: `${bornFrom}-01-01T00:00:00Z`, to: `${bornTo}-12-31T00:00:00Z` });
  const died = born.getUTCFullYear() < 1945 && f.number.int(3) === 0 ? f.date.between({ from: "2000-01-01T00:00:00Z", to: "2025-12-31T00:00:00Z" }) : null;
  return { name, gender, birthDate: iso(born), deathDate: died ? iso(died) : null, birthPlace: `${f.location.city()}, ${f.location.country()}` };
}

/** A generated biography naming the person's (catalogue) credits. */
export function generateBiography(key: string | number, person: { name: string; birthPlace: string; department: string }, knownFor: string[]): string {
  const f = fakerFor("bio", key);
  const role = { Acting: "actor", Directing: "director", Writing: "screenwriter", Production: "producer", Sound: "composer", Camera: "cinematographer" }[person.department] ?? "film-maker";
  const start = `${person.name} is ${withArticle(role)} from ${person.birthPlace}.`;
  const middle = f.helpers.arrayElement([
    `After early work in ${f.helpers.arrayElement(["regional theatre", "television", "short films", "radio drama", "commercials"])}, ${person.name.split(" ")[0]} moved into feature films.`,
    `${person.name.split(" ")[0]} trained at a ${f.helpers.arrayElement(["drama school", "film school", "conservatory", "university theatre company"])} before a breakthrough on screen.`,
    `Known for a ${f.helpers.arrayElement(["quiet", "fearless", "precise", "warm", "restless"])} style, ${person.name.split(" ")[0]} has worked across genres.`,
  ]);
  const credits = knownFor.length ? ` Credits in this catalogue include ${knownFor.slice(0, 3).join(", ")}.` : "";
  return `${start} ${middle}${credits}`;
}

// --- Series ----------------------------------------------------------------------

export interface GeneratedSeries {
  name: string;
  genres: string[];
  certification: string;
  runtime: number;
  firstYear: number;
  seasons: { number: number; airDate: string; plot: string; episodes: { number: number; name: string; airDate: string; plot: string; runtime: number }[] }[];
  keywords: string[];
  tagline: string;
  plot: string;
  network: string;
}

const SERIES_GENRES = [
  ["Drama", "Thriller"],
  ["Comedy"],
  ["Science Fiction", "Drama"],
  ["Crime", "Drama"],
  ["Fantasy", "Adventure"],
  ["Comedy", "Family"],
  ["Horror", "Thriller"],
  ["Drama", "History"],
  ["Mystery", "Crime"],
  ["Action", "Adventure"],
  ["Romance", "Comedy"],
  ["Documentary"],
];
const SERIES_THEMES = [
  "small town",
  "family secrets",
  "workplace",
  "heist",
  "time travel",
  "detective",
  "friendship",
  "coming of age",
  "political intrigue",
  "space station",
  "hospital",
  "courtroom",
  "haunted house",
  "road trip",
  "island",
  "newsroom",
];

function episodeName(series: number, season: number, episode: number): string {
  const f = fakerFor("episode", series, season, episode);
  switch (f.number.int(3)) {
    case 0:
      return titleCase(`the ${f.word.noun()}`);
    case 1:
      return titleCase(`${f.word.adjective()} ${f.word.noun()}`);
    case 2:
      return titleCase(`${f.word.verb()} and ${f.word.verb()}`);
    default:
      return `Part ${episode + 1}: ${capitalise(f.word.noun())}`;
  }
}

export function generateSeries(index: number): GeneratedSeries {
  // Own instances: the nested generators below reseed the shared one.
  const f = new Faker({ locale: [en] });
  f.seed(seedOf("series", index));
  const pattern = f.number.int(3);
  const noun = capitalise(f.word.noun());
  const name =
    pattern === 0 ? `The ${noun}` : pattern === 1 ? `${f.location.city()} ${noun}` : pattern === 2 ? titleCase(`${f.word.adjective()} ${f.word.noun()}`) : `${noun} & ${capitalise(f.word.noun())}`;
  const genres = SERIES_GENRES[index % SERIES_GENRES.length];
  const firstYear = f.number.int({ min: 1998, max: 2022 });
  const seasonCount = f.number.int({ min: 1, max: 5 });
  const runtime = genres.includes("Comedy") ? f.helpers.arrayElement([22, 24, 26, 30]) : f.helpers.arrayElement([42, 45, 50, 55, 60]);
  const seasons = Array.from({ length: seasonCount }, (_, s) => {
    const episodeCount = f.number.int({ min: 6, max: 10 });
    const premiere = new Date(Date.UTC(firstYear + s, f.number.int({ min: 0, max: 10 }), f.number.int({ min: 1, max: 28 })));
    return {
      number: s + 1,
      airDate: iso(premiere),
      plot: generatePlot(`series-${index}-season-${s + 1}`, genres),
      episodes: Array.from({ length: episodeCount }, (_, e) => {
        const name = episodeName(index, s, e);
        const rt = runtime + fakerFor("episode-runtime", index, s, e).number.int({ min: -2, max: 3 });
        return {
          number: e + 1,
          name,
          airDate: iso(new Date(premiere.getTime() + e * 7 * 86_400_000)),
          plot: generatePlot(`series-${index}-s${s + 1}-e${e + 1}`, genres),
          runtime: rt,
        };
      }),
    };
  });
  const g = new Faker({ locale: [en] });
  g.seed(seedOf("series-meta", index));
  return {
    name,
    genres,
    certification: g.helpers.arrayElement(["TV-PG", "TV-14", "TV-14", "TV-MA"]),
    runtime,
    firstYear,
    seasons,
    keywords: g.helpers.arrayElements(SERIES_THEMES, { min: 2, max: 4 }),
    tagline: generateTagline(`series-${index}`),
    plot: generatePlot(`series-${index}`, genres),
    network: g.company.name(),
  };
}
