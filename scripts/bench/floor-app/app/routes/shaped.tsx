import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { dbContext, waitUntilContext } from "../context";

/**
 * A page doing a catalogue page's work with nothing else: `statements` D1
 * statements in one batch (10 rows each, by primary key), `cards` cards of
 * HTML from those rows, and, with `view=1`, one INSERT after the answer keyed
 * by an HMAC of the visitor (as the site counts a title view). No shell, no
 * middleware, no translation: what React Router, React and the local D1 cost
 * for that work on this runtime.
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
        await db.prepare("INSERT INTO views (item_id, viewer_key, day) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").bind(id, key, Math.floor(Date.now() / 86_400_000)).run();
      })(),
    );
  }
  return { cards: Array.from({ length: cards }, (_, i) => rows[i % rows.length]) };
}

export default function Shaped() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <main>
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
}
