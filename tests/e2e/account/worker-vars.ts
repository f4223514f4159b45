import { oauthProviderVars } from "../fixtures/oauth-provider";

/**
 * Worker variables for the account-settings tests: Facebook sign-in pointed
 * at an oauth2-mock-server that tests/e2e/account-social.spec.ts starts on
 * E2E port + 1001 (Google's stand-in, port + 1000, belongs to the sign-in
 * tests; a provider of its own keeps the two specs independent). Imported by
 * scripts/e2e-server.ts.
 */
export function facebookMockPort(e2ePort: number) {
  return e2ePort + 1001;
}

export function accountWorkerVars(e2ePort: number): Record<string, string> {
  return oauthProviderVars("facebook", facebookMockPort(e2ePort));
}
