import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";

/**
 * A page of the size of the site's title page without any data work: n
 * cards of a link, an image and two lines (about 110 elements and 11 KB of
 * HTML per 25 cards), its strings in the loader data as a page's would be.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const n = Math.min(200, Math.max(1, Number(params.n) || 1));
  return {
    cards: Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      name: `Card number ${i + 1} with a name of ordinary length`,
      line: `A second line for card ${i + 1}, a little longer than the first one.`,
    })),
  };
}

export default function Page() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Cards</h1>
      <ul>
        {loaderData.cards.map((card) => (
          <li key={card.id} className="card">
            <a href={`/card/${card.id}`}>
              <img src={`/images/${card.id}.jpg`} alt="" width={92} height={138} />
              <span className="name">{card.name}</span>
            </a>
            <p>{card.line}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
