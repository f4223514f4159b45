import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { z } from "zod";
import { countingD1 } from "./counting-d1.workers";
import { runRoute } from "../workers/app-request";

/** The D1 work of a route's loader alone (the root middleware's comes before it). */
export interface LoaderWork {
  statements: number;
  batches: number;
  batchedStatements: number;
  roundTrips: number;
  sql: string[];
}

/**
 * One guest GET of an api/v1 list behind the real root middleware, its
 * loader's D1 work counted at the binding; a 200 answer is checked against
 * the contract's response schema (what the OpenAPI document says).
 */
export async function getApiList<Body>(
  url: string,
  loader: (args: never) => Promise<Response>,
  schema: z.ZodType,
  address = "203.0.113.90",
): Promise<{ status: number; body: Body; loader: LoaderWork }> {
  const d1 = countingD1(env.DB);
  const request = new Request(url, { headers: { "CF-Connecting-IP": address } });
  const { value, thrown } = await runRoute(
    request,
    async (args) => {
      const before = { ...d1.counts, roundTrips: d1.roundTrips(), recorded: d1.recorded.length };
      const response = await loader(args as never);
      const loaderWork: LoaderWork = {
        statements: d1.counts.statements - before.statements,
        batches: d1.counts.batches - before.batches,
        batchedStatements: d1.counts.batchedStatements - before.batchedStatements,
        roundTrips: d1.roundTrips() - before.roundTrips,
        sql: d1.recorded.slice(before.recorded).map((r) => r.sql),
      };
      return { response, loaderWork };
    },
    {},
    { env: d1.env, isLocal: false },
  );
  expect(thrown).toBeUndefined();
  const { response, loaderWork } = value!;
  const body = (await response.json()) as Body;
  if (response.status === 200) schema.parse(body);
  return { status: response.status, body, loader: loaderWork };
}
