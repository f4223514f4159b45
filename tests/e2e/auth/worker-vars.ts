import { oauthProviderVars } from "../fixtures/oauth-provider";

/**
 * Worker variables the end-to-end server needs for the accounts tests:
 * Google sign-in pointed at a local oauth2-mock-server, which
 * tests/e2e/auth-social.spec.ts starts on E2E port + 1000. Imported by
 * scripts/e2e-server.ts.
 */
export function oauthMockPort(e2ePort: number) {
  return e2ePort + 1000;
}

export function authWorkerVars(e2ePort: number): Record<string, string> {
  return oauthProviderVars("google", oauthMockPort(e2ePort));
}
