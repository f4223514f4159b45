import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { ACCESS_TOKEN_TOUCH_INTERVAL_S, API_SESSION_LIFETIME_S } from "~/constants";
import type { Database } from "~/db/client.server";
import { accessTokens, type AccessTokenRow } from "./access-tokens.tables";
import { base64url, randomBytes, sha256 } from "./crypto.server";
import type { RequestInfo } from "./request-info.server";
import { securityLogEntry } from "./security-log.server";
import { sessions } from "./sessions.tables";
import { loadSignedIn } from "./users.server";
import { ADMIN_ONLY_SCOPES, tokenScopesOf, type TokenScope } from "../api/token-scopes";
import { hasPermission, type Viewer } from "../request/viewer";

/**
 * Personal API tokens and `Authorization: Bearer` sign-in for api/v1.
 *
 * A token is "rbt_" + 32 random bytes (base64url). Only its SHA-256 is
 * stored. A request carrying it is signed in through a session row of kind
 * "api" whose id is that same hash, exactly as a cookie session's id is the
 * hash of its cookie token: the user, roles, permissions and subscriptions
 * load in the one batch every signed-in request uses (loadSignedIn), and the
 * "Active sessions" list shows the token's use as "API Token".
 * See docs/decisions/009-api-tokens-and-account-data.md.
 */
export const ACCESS_TOKEN_PREFIX = "rbt_";
const TOKEN_PATTERN = /^rbt_[A-Za-z0-9_-]{43}$/;
/** Characters of the plain token kept for display ("rbt_AbCd…"). */
const DISPLAY_PREFIX_LENGTH = 8;

export interface AccessTokenView {
  id: number;
  name: string;
  prefix: string;
  abilities: string[];
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string;
}

export function serializeAccessToken(row: Pick<AccessTokenRow, "id" | "name" | "prefix" | "abilities" | "lastUsedAt" | "expiresAt" | "createdAt">): AccessTokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    abilities: row.abilities,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The user's tokens, newest first, never with a secret. */
export async function listAccessTokens(db: Database, userId: number): Promise<AccessTokenView[]> {
  const rows = await db
    .select({
      id: accessTokens.id,
      name: accessTokens.name,
      prefix: accessTokens.prefix,
      abilities: accessTokens.abilities,
      lastUsedAt: accessTokens.lastUsedAt,
      expiresAt: accessTokens.expiresAt,
      createdAt: accessTokens.createdAt,
    })
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
  return rows.map(serializeAccessToken);
}

/** Whether this viewer may put these scopes on a token: `admin` only for admins. */
export function mayGrantScopes(viewer: Viewer, scopes: readonly TokenScope[]) {
  return scopes.every((scope) => !ADMIN_ONLY_SCOPES.includes(scope) || hasPermission(viewer, "admin"));
}

/**
 * Creates a token and returns its plain text, which exists only in this
 * answer. The security log records the creation in the same batch.
 */
export async function createAccessToken(
  db: Database,
  userId: number,
  input: { name: string; expiresAt: Date | null; scopes: readonly TokenScope[] },
  info: RequestInfo | null,
): Promise<{ token: AccessTokenView; plainTextToken: string }> {
  const plainTextToken = ACCESS_TOKEN_PREFIX + base64url(randomBytes(32));
  const tokenHash = await sha256(plainTextToken);
  const [inserted] = await db.batch([
    db
      .insert(accessTokens)
      .values({
        userId,
        name: input.name,
        tokenHash,
        prefix: plainTextToken.slice(0, DISPLAY_PREFIX_LENGTH),
        abilities: [...new Set(input.scopes)],
        expiresAt: input.expiresAt,
      })
      .returning(),
    securityLogEntry(db, userId, "token-created", info, { name: input.name, scopes: input.scopes.join(" ") }),
  ]);
  return { token: serializeAccessToken(inserted[0]), plainTextToken };
}

/**
 * Deletes one of the user's tokens and its API session at once. False when
 * the user has no token with this id (someone else's included): nothing changes.
 */
export async function deleteAccessToken(db: Database, userId: number, tokenId: number, info: RequestInfo | null): Promise<boolean> {
  const [row] = await db
    .select({ id: accessTokens.id, name: accessTokens.name, tokenHash: accessTokens.tokenHash })
    .from(accessTokens)
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId)))
    .limit(1);
  if (!row) return false;
  await db.batch([
    db.delete(accessTokens).where(and(eq(accessTokens.id, row.id), eq(accessTokens.userId, userId))),
    db.delete(sessions).where(and(eq(sessions.id, row.tokenHash), eq(sessions.kind, "api"))),
    securityLogEntry(db, userId, "token-deleted", info, { name: row.name }),
  ]);
  return true;
}

/**
 * The token of an `Authorization: Bearer <token>` header: undefined when the
 * request has no bearer credentials, null when it has some that cannot be a
 * token of ours (so the caller answers 401 without a database read).
 */
export function bearerTokenOf(request: Request): string | null | undefined {
  const header = request.headers.get("Authorization");
  if (header === null) return undefined;
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return /^\s*Bearer\b/i.test(header) ? null : undefined;
  return TOKEN_PATTERN.test(match[1]) ? match[1] : null;
}

/**
 * Paths where a bearer token signs the request in: the JSON API, and uploaded
 * files (`/files/<name>`, with the `files:read` scope: a token reads its
 * owner's private files, decision 036).
 */
export function acceptsBearerTokens(pathname: string) {
  return pathname.startsWith("/api/v1/") || pathname.startsWith("/files/");
}

/**
 * Signs a request in with a plain token. Usually one batch: the API session
 * named by the token's hash. When that row is missing (first use, or the user
 * logged out their other sessions) it is recreated from the token, unless
 * the token is gone or expired. `defer` runs the "last used" write after the
 * response (at most once a minute per token).
 */
export async function loadTokenUser(db: Database, plainTextToken: string, { now = new Date(), defer }: { now?: Date; defer?: (work: Promise<unknown>) => void } = {}) {
  const tokenHash = await sha256(plainTextToken);
  // The token's scopes and expiry are read beside the session (in parallel): a deleted or expired token signs nothing in.
  let [signedIn, token] = await Promise.all([loadSignedIn(db, tokenHash), findUsableToken(db, tokenHash, now)]);
  if (!token) return null;
  if (!signedIn) {
    await db
      .insert(sessions)
      .values({
        id: tokenHash,
        userId: token.userId,
        kind: "api",
        remember: true,
        expiresAt: token.expiresAt ?? new Date(now.getTime() + API_SESSION_LIFETIME_S * 1000),
        lastActiveAt: now,
      })
      // A row left from an earlier, expired API session is renewed.
      .onConflictDoUpdate({
        target: sessions.id,
        set: { expiresAt: token.expiresAt ?? new Date(now.getTime() + API_SESSION_LIFETIME_S * 1000), lastActiveAt: now },
        setWhere: and(eq(sessions.userId, token.userId), eq(sessions.kind, "api")),
      });
    signedIn = await loadSignedIn(db, tokenHash);
    if (!signedIn) return null;
  }
  const touch = touchAccessToken(db, tokenHash, now);
  if (defer) defer(touch);
  else await touch;
  return { ...signedIn, tokenScopes: tokenScopesOf(token.abilities) };
}

async function findUsableToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: accessTokens.id, userId: accessTokens.userId, expiresAt: accessTokens.expiresAt, abilities: accessTokens.abilities })
    .from(accessTokens)
    .where(and(eq(accessTokens.tokenHash, tokenHash), or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now))))
    .limit(1);
  return row ?? null;
}

/** Records the token's use, skipping the write when it was recorded in the last minute. */
export function touchAccessToken(db: Database, tokenHash: string, now = new Date()) {
  const threshold = new Date(now.getTime() - ACCESS_TOKEN_TOUCH_INTERVAL_S * 1000);
  return db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(accessTokens.tokenHash, tokenHash), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, threshold))));
}

/** Tokens past their expiry, and their API sessions, for the scheduled cleanup. */
export async function deleteExpiredAccessTokens(db: Database, now = new Date()) {
  const expired = await db
    .delete(accessTokens)
    .where(and(sql`${accessTokens.expiresAt} IS NOT NULL`, lt(accessTokens.expiresAt, now)))
    .returning({ tokenHash: accessTokens.tokenHash });
  return expired.length;
}

/**
 * After the visitor is known: bearer credentials that are not a live token
 * get 401 (never a guest answer), and a token works only while the API is
 * integrated and its user has api.access.
 */
export function enforceApiTokenRules(
  app: { t: (key: string, values?: Record<string, string | number>) => string; settings: { "api.integrated": boolean }; viewer: Viewer },
  current: { viaToken: boolean; rejectedToken: boolean; tokenScopes?: readonly TokenScope[] },
  needed: TokenScope | null = "read",
) {
  if (!current.viaToken) return;
  if (current.rejectedToken) {
    throw Response.json(
      { message: app.t("This API token is not valid or has expired.") },
      { status: 401, headers: { "WWW-Authenticate": 'Bearer error="invalid_token"', "Cache-Control": "no-store" } },
    );
  }
  if (!app.settings["api.integrated"] || !hasPermission(app.viewer, "api.access")) {
    throw Response.json({ message: app.t("This account may not use the API.") }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  // The token's scopes (decision 021): 403 naming the scope it lacks.
  if (needed === null) {
    throw Response.json({ message: app.t("This call cannot be made with an API token.") }, { status: 403, headers: { "Cache-Control": "no-store" } });
  }
  if (!(current.tokenScopes ?? []).includes(needed)) {
    throw Response.json(
      { message: app.t('This API token lacks the ":scope" scope.', { scope: needed }), missing_scope: needed },
      { status: 403, headers: { "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${needed}"`, "Cache-Control": "no-store" } },
    );
  }
}
