import { sql } from "drizzle-orm";
import {
  COMMUNITY_REPORTS_PER_MINUTE_PER_ACCOUNT,
  COMMUNITY_REPORTS_PER_MINUTE_PER_IP,
  COMMUNITY_VOTES_PER_MINUTE_PER_ACCOUNT,
  COMMUNITY_VOTES_PER_MINUTE_PER_IP,
  TMDB_IMPORT_PER_MINUTE_PER_ACCOUNT,
  TMDB_OPEN_PER_MINUTE_PER_IP,
} from "~/constants";
import type { Database } from "~/db/client.server";
import { log } from "~/log/log.server";
import { rateLimitBuckets } from "./rate-limits.tables";

/**
 * Limits per IP and per account on every guessable or mail-sending action.
 * Periods are 10 or 60 seconds because those are what the Workers rate-limit
 * binding supports; the same policy runs on either implementation.
 */
export const RATE_LIMITS = {
  "login:ip": { limit: 30, period: 60, binding: "RL_LOGIN_IP" },
  "login:account": { limit: 5, period: 60, binding: "RL_LOGIN_ACCOUNT" },
  "register:ip": { limit: 10, period: 60, binding: "RL_REGISTER_IP" },
  // The same address tried again and again (probing whether it is registered).
  "register:account": { limit: 5, period: 60, binding: "RL_REGISTER_ACCOUNT" },
  "verify-email:ip": { limit: 30, period: 60, binding: "RL_VERIFY_EMAIL_IP" },
  "verify-email:account": { limit: 6, period: 60, binding: "RL_VERIFY_EMAIL_ACCOUNT" },
  // Mail sent on request: per IP too, so one visitor cannot mail-bomb through many fresh accounts.
  "resend:ip": { limit: 10, period: 60, binding: "RL_RESEND_IP" },
  "resend:account": { limit: 3, period: 60, binding: "RL_RESEND_ACCOUNT" },
  "two-factor:ip": { limit: 20, period: 60, binding: "RL_TWO_FACTOR_IP" },
  "two-factor:account": { limit: 5, period: 60, binding: "RL_TWO_FACTOR_ACCOUNT" },
  "forgot-password:ip": { limit: 10, period: 60, binding: "RL_FORGOT_PASSWORD_IP" },
  "forgot-password:account": { limit: 3, period: 60, binding: "RL_FORGOT_PASSWORD_ACCOUNT" },
  "reset-password:ip": { limit: 10, period: 60, binding: "RL_RESET_PASSWORD_IP" },
  // Keyed by the address typed in, whether or not it has an account (nothing to enumerate).
  "reset-password:account": { limit: 5, period: 60, binding: "RL_RESET_PASSWORD_ACCOUNT" },
  "confirm-password:account": { limit: 5, period: 60, binding: "RL_CONFIRM_PASSWORD_ACCOUNT" },
  // api/v1 calls made with an API token, per user.
  "api:user": { limit: 120, period: 60, binding: "RL_API_USER" },
  // The contact form, per IP.
  "contact:ip": { limit: 5, period: 60, binding: "RL_CONTACT_IP" },
  // Workspace invitations sent, per inviting user (each address counts).
  "workspace-invite:user": { limit: 30, period: 60, binding: "RL_WORKSPACE_INVITE_USER" },
  // Reviews and comments posted (decision 025): per account and per IP.
  "community-post:account": { limit: 6, period: 60, binding: "RL_COMMUNITY_POST_ACCOUNT" },
  "community-post:ip": { limit: 20, period: 60, binding: "RL_COMMUNITY_POST_IP" },
  // Review votes and content reports (decision 021), like posts.
  "community-vote:account": { limit: COMMUNITY_VOTES_PER_MINUTE_PER_ACCOUNT, period: 60, binding: "RL_COMMUNITY_VOTE_ACCOUNT" },
  "community-vote:ip": { limit: COMMUNITY_VOTES_PER_MINUTE_PER_IP, period: 60, binding: "RL_COMMUNITY_VOTE_IP" },
  "community-report:account": { limit: COMMUNITY_REPORTS_PER_MINUTE_PER_ACCOUNT, period: 60, binding: "RL_COMMUNITY_REPORT_ACCOUNT" },
  "community-report:ip": { limit: COMMUNITY_REPORTS_PER_MINUTE_PER_IP, period: 60, binding: "RL_COMMUNITY_REPORT_IP" },
  // Imports of TMDB search matches asked for from the search page, per address (decision 021).
  "tmdb-open:ip": { limit: TMDB_OPEN_PER_MINUTE_PER_IP, period: 60, binding: "RL_TMDB_OPEN_IP" },
  // Titles imported from TMDB on an import's review screen, per member (decision 027).
  "tmdb-import:account": { limit: TMDB_IMPORT_PER_MINUTE_PER_ACCOUNT, period: 60, binding: "RL_TMDB_IMPORT_ACCOUNT" },
} as const satisfies Record<string, { limit: number; period: 10 | 60; binding: string }>;
export type RateLimitPolicy = keyof typeof RATE_LIMITS;

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until another attempt may succeed (when not ok). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts `cost` attempts (default 1), e.g. one per address of a batch of invitations. */
  hit(policy: RateLimitPolicy, subject: string, cost?: number): Promise<RateLimitResult>;
}

/** The Workers rate-limit binding's interface (wrangler.toml [[ratelimits]]). */
interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/**
 * Local and fallback implementation: a fixed window counter per policy and
 * subject in D1, incremented atomically with an upsert.
 */
export class D1RateLimiter implements RateLimiter {
  constructor(
    private db: Database,
    private now: () => number = () => Date.now(),
  ) {}
  async hit(policy: RateLimitPolicy, subject: string, cost = 1): Promise<RateLimitResult> {
    const { limit, period } = RATE_LIMITS[policy];
    const nowS = Math.floor(this.now() / 1000);
    const window = Math.floor(nowS / period);
    const windowEnd = (window + 1) * period;
    const key = `${policy}:${subject.slice(0, 320)}:${window}`;
    const [row] = await this.db
      .insert(rateLimitBuckets)
      .values({ key, count: cost, expiresAt: windowEnd })
      .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { count: sql`${rateLimitBuckets.count} + ${cost}` } })
      .returning({ count: rateLimitBuckets.count });
    const ok = (row?.count ?? 1) <= limit;
    return { ok, retryAfter: ok ? 0 : Math.max(1, windowEnd - nowS) };
  }
}

/** Production: one Workers rate-limit binding per policy, named in RATE_LIMITS. */
export class BindingRateLimiter implements RateLimiter {
  constructor(
    private env: Record<string, unknown>,
    private fallback: RateLimiter,
  ) {}
  async hit(policy: RateLimitPolicy, subject: string, cost = 1): Promise<RateLimitResult> {
    const { binding, period } = RATE_LIMITS[policy];
    const limiter = this.env[binding] as RateLimitBinding | undefined;
    if (!limiter || typeof limiter.limit !== "function") return this.fallback.hit(policy, subject, cost);
    // The binding counts one per call.
    let success = true;
    for (let i = 0; i < cost && success; i++) success = (await limiter.limit({ key: `${policy}:${subject}` })).success;
    return { ok: success, retryAfter: success ? 0 : period };
  }
}

export function rateLimiterFor(env: Env, db: Database): RateLimiter {
  const local = new D1RateLimiter(db);
  return env.APP_ENV === "local" ? local : new BindingRateLimiter(env as unknown as Record<string, unknown>, local);
}

/**
 * Counts one attempt against each (policy, subject) pair; the first one over
 * its limit decides. Every pair is counted, so probing one limit still uses
 * up the others.
 */
export async function checkRateLimits(limiter: RateLimiter, hits: [RateLimitPolicy, string | null | undefined, cost?: number][]): Promise<RateLimitResult> {
  const results = await Promise.all(hits.filter(([, subject]) => subject).map(([policy, subject, cost]) => limiter.hit(policy, subject!, cost)));
  const blocked = results.filter((r) => !r.ok);
  if (blocked.length === 0) return { ok: true, retryAfter: 0 };
  const retryAfter = Math.max(...blocked.map((r) => r.retryAfter));
  log("warn", "rate limit hit", { policies: hits.map(([p]) => p), retryAfter });
  return { ok: false, retryAfter };
}

export function deleteExpiredRateLimitBuckets(db: Database) {
  return db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.expiresAt} < unixepoch()`);
}
