import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/e2e-api-client";
import { createAccessToken } from "~/auth/access-tokens.server";
import { roles } from "~/auth/roles.tables";
import { userRoles } from "~/auth/users.tables";
import { getApp, getWorker } from "~/request/context";
import { requireE2eWorker } from "~/request/e2e-only.server";
import { ADMIN_ONLY_SCOPES, TOKEN_SCOPES } from "~/api/token-scopes";

/**
 * POST /resources/e2e/api-client {"userId", "role"?: "admin", "apiAccess"?: false}:
 * gives a user made by /resources/e2e/signed-in-user a personal access token
 * (and the admin role, or no role at all), as account settings would.
 * Answers {token, tokenId}.
 *
 * Test support and nothing else: only in a local Worker started for the
 * end-to-end tests (APP_ENV=local and E2E=1); everywhere else a 404. It goes
 * through the Worker because writing the local D1 file from the test process
 * while workerd serves requests fails with SQLITE_BUSY.
 */
const body = z.object({
  userId: z.number().int().positive(),
  role: z.enum(["users", "admin"]).default("users"),
  apiAccess: z.boolean().default(true),
  /** The token's scopes; default: every scope the role allows. */
  scopes: z.array(z.enum(TOKEN_SCOPES)).optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  requireE2eWorker(getWorker(context));
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ message: "Send {userId, role?, apiAccess?}." }, { status: 400 });
  const { userId, role, apiAccess } = parsed.data;
  const scopes = parsed.data.scopes ?? TOKEN_SCOPES.filter((scope) => role === "admin" || !ADMIN_ONLY_SCOPES.includes(scope));
  const { db } = getApp(context);
  if (role === "admin") {
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, "admin")).limit(1);
    if (admin) await db.insert(userRoles).values({ userId, roleId: admin.id }).onConflictDoNothing();
  }
  if (!apiAccess) await db.delete(userRoles).where(eq(userRoles.userId, userId));
  const { token, plainTextToken } = await createAccessToken(db, userId, { name: "e2e client", expiresAt: null, scopes }, null);
  return Response.json({ token: plainTextToken, tokenId: token.id }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw data(null, { status: 404 });
}
