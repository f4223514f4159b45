/**
 * What a benchmark scenario gets (scripts/bench/*.ts):
 *
 *   import type { BenchContext } from "../lib/bench-context";
 *   export default async function (bench: BenchContext) {
 *     await bench.measure("title page", "/titles/1/the-matrix");
 *     bench.note("100k titles in the state directory");
 *   }
 */
export interface BenchRequest {
  path: string;
  /** Paths to cycle through, one per request (distinct URLs: no cache can answer them all). */
  paths?: string[];
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";
  headers?: Record<string, string>;
  body?: string;
}

export interface MeasureOptions {
  /** Seconds; default from --duration (10). */
  duration?: number;
  /** Parallel connections; default from --connections (50). */
  connections?: number;
  /** Requests per connection in flight at once (HTTP pipelining); default 1. */
  pipelining?: number;
  /** Short untimed run first so caches and the isolate are warm; default true. */
  warmup?: boolean;
}

export interface BenchRow {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers outside 2xx (3xx counts: measure the final URL instead). */
  non2xx: number;
}

export interface BenchContext {
  /** http://localhost:<port> of the Worker under test. */
  baseUrl: string;
  /** Loads `pathOrRequest` with autocannon, records a row for the final table and returns it. */
  measure(name: string, pathOrRequest: string | BenchRequest, options?: MeasureOptions): Promise<BenchRow>;
  /** A line printed under the table (context, sizes, counts). */
  note(line: string): void;
  /** The state directory the Worker uses (local D1/R2). */
  persistTo: string;
}
