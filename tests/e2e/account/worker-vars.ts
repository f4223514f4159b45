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
  const base = `http://localhost:${facebookMockPort(e2ePort)}`;
  return {
    OAUTH_FACEBOOK_CLIENT_ID: "e2e-facebook-client",
    OAUTH_FACEBOOK_CLIENT_SECRET: "e2e-facebook-secret",
    OAUTH_FACEBOOK_AUTHORIZE_URL: `${base}/authorize`,
    OAUTH_FACEBOOK_TOKEN_URL: `${base}/token`,
    OAUTH_FACEBOOK_USERINFO_URL: `${base}/userinfo`,
  };
}
