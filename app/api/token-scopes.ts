/**
 * What an API token may do (decision 021). Chosen when the token is
 * made; every api/v1 endpoint names the one scope it needs (`scope` in its
 * contract, app/api/contract.ts; a GET needs `read` unless it says
 * otherwise), and a token without it gets 403 naming the missing scope.
 * Scopes only narrow a token: the user's permissions are still checked.
 * See docs/decisions/021-security-hardening.md.
 */
export const TOKEN_SCOPES = ["read", "catalogue:write", "lists:write", "moderation", "account", "uploads", "admin", "social:write", "files:read"] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Shown in the developers section and the API documentation (English source strings). */
export const TOKEN_SCOPE_DESCRIPTIONS: Record<TokenScope, string> = {
  read: "Read the catalogue, pages and your own account data",
  "catalogue:write": "Add and edit titles, people and other catalogue data your role allows",
  "lists:write": "Create and change your lists, ratings, watchlist, history, reviews and comments",
  moderation: "Moderate reviews and comments as your role allows (the moderation queue and its actions)",
  account: "Change your account: profile, settings, notifications, workspaces",
  uploads: "Upload and delete files",
  admin: "Administration calls your role allows (admins only)",
  "social:write": "Follow, unfollow and block members, and answer follow requests",
  "files:read": "List your files and download them, private ones included",
};

/** Scopes only an admin may put on a token. */
export const ADMIN_ONLY_SCOPES: readonly TokenScope[] = ["admin"];

export function isTokenScope(value: unknown): value is TokenScope {
  return typeof value === "string" && (TOKEN_SCOPES as readonly string[]).includes(value);
}

/** The scopes stored on a token row, keeping only known ones (anything else grants nothing). */
export function tokenScopesOf(abilities: unknown): TokenScope[] {
  return Array.isArray(abilities) ? abilities.filter(isTokenScope) : [];
}
