import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { dbContext } from "../context";

/** The smallest document with one D1 batch of thirteen statements (the title page's shape: one round trip). */
export async function loader({ context }: LoaderFunctionArgs) {
  const statements = Array.from({ length: 13 }, (_, i) => context.get(dbContext).prepare("SELECT ? AS n").bind(i));
  const results = await context.get(dbContext).batch<{ n: number }>(statements);
  return { total: results.reduce((sum, r) => sum + (r.results[0]?.n ?? 0), 0) };
}

export default function ThirteenQueries() {
  const loaderData = useLoaderData<typeof loader>();
  return <p>{loaderData.total}</p>;
}
