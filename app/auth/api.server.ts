import { buildBootstrapData } from "~/bootstrap/bootstrap.server";
import type { AppContext } from "~/request/context";
import { loadSignedIn } from "./users.server";

/**
 * Helpers for the JSON endpoints (auth/*, api/v1/*).
 * PUT, PATCH and DELETE may arrive as POST with X-HTTP-Method-Override or ?_method.
 */
export function effectiveMethod(request: Request): string {
  if (request.method !== "POST") return request.method;
  const override = request.headers.get("X-HTTP-Method-Override") ?? new URL(request.url).searchParams.get("_method");
  const method = override?.toUpperCase();
  return method === "PUT" || method === "PATCH" || method === "DELETE" ? method : "POST";
}

/** The bootstrap data as the user of a just-created session will see it. */
export async function bootstrapForSession(app: AppContext, request: Request, sessionId: string) {
  const signedIn = await loadSignedIn(app.db, sessionId);
  if (!signedIn) return buildBootstrapData(app, request);
  return buildBootstrapData({ ...app, user: signedIn.user, session: signedIn.session, viewer: signedIn.viewer }, request);
}

export function methodNotAllowed(allow: string) {
  return Response.json({ message: "Method not allowed." }, { status: 405, headers: { Allow: allow } });
}
