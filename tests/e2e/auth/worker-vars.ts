/**
 * Worker variables the end-to-end server needs for the accounts tests:
 * Google sign-in pointed at a local oauth2-mock-server, which
 * tests/e2e/auth-social.spec.ts starts on E2E port + 1000 (a fixed port, so
 * the Worker can be configured before the test starts it). Imported by
 * scripts/e2e-server.ts.
 */
export function oauthMockPort(e2ePort: number) {
  return e2ePort + 1000;
}

export function authWorkerVars(e2ePort: number): Record<string, string> {
  const base = `http://localhost:${oauthMockPort(e2ePort)}`;
  return {
    OAUTH_GOOGLE_CLIENT_ID: "e2e-google-client",
    OAUTH_GOOGLE_CLIENT_SECRET: "e2e-google-secret",
    OAUTH_GOOGLE_AUTHORIZE_URL: `${base}/authorize`,
    OAUTH_GOOGLE_TOKEN_URL: `${base}/token`,
    OAUTH_GOOGLE_USERINFO_URL: `${base}/userinfo`,
  };
}
