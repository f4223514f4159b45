import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { dbContext, waitUntilContext } from "../context";

/**
 * A page doing a catalogue page's work with nothing else: `statements` D1
 * statements in one batch (10 rows each, by primary key), `cards` cards of
 * HTML from those rows, and, with `view=1`, one INSERT after the answer keyed
 * by an HMAC of the visitor (as the site counts a title view); with
 * `shell=1`, inside a plain navbar and footer of the site's size (about 100
 * elements and 11 KB of markup: links, a search form, a language list),
 * written as bare elements. No middleware, no translation, no page cache, no
 * security headers: what React Router, React and the local D1 cost for that
 * work on this runtime.
 */
let hmacKey: Promise<CryptoKey> | null = null;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = Math.max(1, Number(params.id) || 1) % 9_000;
  const statements = Math.min(20, Math.max(1, Number(url.searchParams.get("statements")) || 13));
  const cards = Math.min(200, Math.max(1, Number(url.searchParams.get("cards")) || 90));
  const db = context.get(dbContext);
  const results = await db.batch<{ id: number; name: string; line: string; year: number }>(
    Array.from({ length: statements }, (_, i) => db.prepare("SELECT id, name, line, year FROM items WHERE id BETWEEN ? AND ?").bind(id + i * 10, id + i * 10 + 9)),
  );
  const rows = results.flatMap((result) => result.results);
  if (url.searchParams.get("view") === "1") {
    const viewer = request.headers.get("CF-Connecting-IP") ?? "127.0.0.1";
    context.get(waitUntilContext)(
      (async () => {
        hmacKey ??= crypto.subtle.importKey("raw", new TextEncoder().encode("bench-floor-key"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
        const signature = await crypto.subtle.sign("HMAC", await hmacKey, new TextEncoder().encode(viewer));
        const key = btoa(String.fromCharCode(...new Uint8Array(signature)));
        await db
          .prepare("INSERT INTO views (item_id, viewer_key, day) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
          .bind(id, key, Math.floor(Date.now() / 86_400_000))
          .run();
      })(),
    );
  }
  return { cards: Array.from({ length: cards }, (_, i) => rows[i % rows.length]), shell: url.searchParams.get("shell") === "1" };
}

export default function Shaped() {
  const { cards, shell } = useLoaderData<typeof loader>();
  const content = (
    <main className="mx-auto max-w-7xl flex-auto px-4 py-10 sm:px-6">
      <h1>Items</h1>
      <ul>
        {cards.map((card, i) => (
          <li key={i} className="card">
            <a href={`/items/${card.id}`}>
              <img src={`/images/${card.id}.jpg`} alt="" width={92} height={138} />
              <span className="name">{card.name}</span>
            </a>
            <p>
              {card.line} <span className="year">{card.year}</span>
            </p>
          </li>
        ))}
      </ul>
    </main>
  );
  if (!shell) return content;
  return (
    <>
      <Navbar />
      {content}
      <Footer />
    </>
  );
}

/*
 * The shell's labels and links are complete as a bench fixture: they exist to
 * give the floor's navbar and footer the element count and bytes of the
 * site's (app/shell/navbar.tsx, app/shell/footer.tsx), so React renders as
 * much markup as it does there. Nothing links anywhere real; the floor app is
 * never served to anyone (scripts/bench/render-floor.ts starts it, measures
 * it and stops it).
 */
const SECTIONS = ["Movies", "Series", "People", "Lists", "News", "Channels", "Top rated", "Coming soon"];
const LANGUAGES = ["English", "Español", "Français", "Deutsch", "Italiano", "Português"];
const SOCIAL_LINKS = ["Facebook", "Instagram", "Mastodon", "YouTube"];

/** A navbar of the site's size: logo, eight menu links, a search form, a language list, sign-in links. */
function Navbar() {
  return (
    <header className="sticky top-0 z-40 border-b border-divider bg-navbar text-navbar-foreground shadow-sm">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <a href="/" className="flex shrink-0 items-center gap-2 font-bold text-lg">
          <img src="/logo.svg" alt="" width={32} height={32} className="size-8" />
          <span>Floor</span>
        </a>
        <ul className="hidden items-center gap-1 md:flex">
          {SECTIONS.map((section) => (
            <li key={section}>
              <a href={`/${section.toLowerCase().replace(/ /g, "-")}`} className="rounded-theme px-3 py-2 text-sm font-medium hover:bg-white/10">
                {section}
              </a>
            </li>
          ))}
        </ul>
        <form action="/search" method="get" role="search" className="ml-auto flex w-full max-w-xs items-center">
          <label htmlFor="floor-search" className="sr-only">
            Search
          </label>
          <input id="floor-search" name="query" type="search" placeholder="Search movies, series and people" className="w-full rounded-theme border border-divider bg-background px-3 py-1.5 text-sm" />
          <button type="submit" className="ml-2 rounded-theme bg-primary px-3 py-1.5 text-sm font-semibold text-primary-foreground">
            Search
          </button>
        </form>
        <details className="relative">
          <summary className="cursor-pointer list-none rounded-theme px-2 py-1 text-sm">Language</summary>
          <ul className="absolute right-0 mt-2 w-40 rounded-theme border border-divider bg-paper py-1 shadow-lg">
            {LANGUAGES.map((language) => (
              <li key={language}>
                <a href={`/?lang=${language}`} className="block px-3 py-1.5 text-sm hover:bg-primary/10">
                  {language}
                </a>
              </li>
            ))}
          </ul>
        </details>
        <a href="/login" className="rounded-theme px-3 py-1.5 text-sm font-semibold">
          Sign in
        </a>
        <a href="/register" className="rounded-theme bg-primary px-3 py-1.5 text-sm font-semibold text-primary-foreground">
          Sign up
        </a>
      </nav>
    </header>
  );
}

/** A footer of the site's size: four columns of links, social links, a copyright line. */
function Footer() {
  return (
    <footer className="mt-16 border-t border-divider bg-paper text-sm text-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {["Browse", "Community", "Company", "Help"].map((column) => (
          <div key={column}>
            <h2 className="font-semibold text-foreground">{column}</h2>
            <ul className="mt-3 space-y-2">
              {SECTIONS.slice(0, 6).map((section) => (
                <li key={section}>
                  <a href={`/${column.toLowerCase()}/${section.toLowerCase().replace(/ /g, "-")}`} className="hover:text-primary">
                    {section}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 border-t border-divider px-4 py-6 sm:px-6">
        <p>© 2026 Floor. A bench fixture, not a site.</p>
        <ul className="flex gap-3">
          {SOCIAL_LINKS.map((name) => (
            <li key={name}>
              <a href={`https://example.com/${name.toLowerCase()}`} aria-label={name} className="hover:text-primary">
                {name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
