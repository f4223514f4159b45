import type { BenchContext } from "../lib/bench-context";
import { PASSWORD_HASH_ITERATIONS } from "../../app/auth/password.server";

/**
 * Time per password hash inside the Worker (workerd freezes its clocks
 * during computation, so it is timed from outside): sequential sign-in
 * attempts for addresses that do not exist (each computes one full PBKDF2
 * hash, the timing-equalising dummy) against requests the same endpoint
 * refuses before hashing (validation error). The difference of the medians
 * is the hash. One request at a time, each from its own client address so
 * the rate limits stay out of the way.
 */
const ROUNDS = 25;

async function timeRequest(url: string, body: unknown, ip: string) {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export default async function passwordHash(bench: BenchContext) {
  const url = `${bench.baseUrl}/auth/login`;
  const withHash: number[] = [];
  const withoutHash: number[] = [];
  // Warm the isolate and the key cache first.
  await timeRequest(url, { email: "warmup@example.test", password: "warm up" }, "192.0.2.1");
  for (let i = 0; i < ROUNDS; i++) {
    const ip = `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    const refused = await timeRequest(url, { email: `nobody-${i}@example.test` }, ip);
    if (refused.status !== 422) throw new Error(`validation request answered ${refused.status}`);
    withoutHash.push(refused.ms);
    const hashed = await timeRequest(url, { email: `nobody-${i}@example.test`, password: `wrong password ${i}` }, ip);
    if (hashed.status !== 422) throw new Error(`sign-in attempt answered ${hashed.status}`);
    withHash.push(hashed.ms);
  }
  const perHash = median(withHash) - median(withoutHash);
  bench.note(
    `password hash: PBKDF2-SHA256, ${PASSWORD_HASH_ITERATIONS.toLocaleString("en")} iterations: ${perHash.toFixed(1)} ms per hash in the Worker ` +
      `(median sign-in attempt ${median(withHash).toFixed(1)} ms minus median validation-only request ${median(withoutHash).toFixed(1)} ms, ${ROUNDS} each)`,
  );
}
