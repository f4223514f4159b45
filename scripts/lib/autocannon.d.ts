/** The part of autocannon's API scripts/bench.ts uses (the package ships no types). */
declare module "autocannon" {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    duration?: number;
    connections?: number;
    pipelining?: number;
    /** Request templates in turn; setupRequest may change each one before it is sent. */
    requests?: { setupRequest?: (request: { path: string; [key: string]: unknown }) => { path: string; [key: string]: unknown } }[];
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
