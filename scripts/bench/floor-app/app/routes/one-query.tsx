import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { dbContext } from "../context";

/** The smallest document with one D1 statement (one round trip). */
export async function loader({ context }: LoaderFunctionArgs) {
  const row = await context.get(dbContext).prepare("SELECT 1 AS one").first<{ one: number }>();
  return { one: row?.one ?? 0 };
}

export default function OneQuery() {
  const loaderData = useLoaderData<typeof loader>();
  return <p>{loaderData.one}</p>;
}
