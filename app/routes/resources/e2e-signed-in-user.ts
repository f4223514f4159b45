import { data } from "react-router";
import type { Route } from "./+types/e2e-signed-in-user";
import { appKeys, randomToken } from "~/auth/crypto.server";
import { authEnv } from "~/request/env";
import { createSession } from "~/auth/sessions.server";
import { createUser } from "~/auth/users.server";
import { getApp, getWorker } from "~/request/context";
import { requireE2eWorker } from "~/request/e2e-only.server";

/**
 * POST /resources/e2e/signed-in-user {"prefix"?: string}: a verified user
 * with the default roles and a live session, for end-to-end tests that need
 * to be signed in without going through the sign-in form. Answers
 * {userId, email, cookieValue}.
 *
 * Test support and nothing else: it exists only in a local Worker started for
 * the end-to-end tests (APP_ENV=local and E2E=1); everywhere else it is a 404.
 * It goes through the Worker because writing the local D1 file from the test
 * process while workerd serves requests makes those requests fail
 * ("Failed to get session commit token", SQLITE_BUSY).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const worker = getWorker(context);
  requireE2eWorker(worker);
  const body = (await request.json().catch(() => ({}))) as { prefix?: unknown };
  const prefix = typeof body.prefix === "string" && /^[a-z0-9-]{1,40}$/.test(body.prefix) ? body.prefix : "e2e";
  const email = `${prefix}-${Date.now().toString(36)}-${randomToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")}@example.test`;
  const { db } = getApp(context);
  const user = await createUser(db, { email, passwordHash: null, emailVerified: true });
  if (!user) return Response.json({ message: "Could not create the user." }, { status: 409 });
  const session = await createSession(db, await appKeys(authEnv(worker.env).APP_KEY), request, {
    userId: user.id,
    remember: true,
    // Nothing about the test runner that asked: the browser that will carry
    // the cookie is another client (and tests expect "Unknown" place and IP).
    info: { deviceType: "desktop", platform: null, browser: null, ipAddress: null, city: null, country: null },
  });
  // The Set-Cookie value: "session=<signed token>; Path=/; …".
  const cookieValue = decodeURIComponent(session.cookie.split(";")[0].split("=").slice(1).join("="));
  return Response.json({ userId: user.id, email, cookieValue }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  throw data(null, { status: 404 });
}
