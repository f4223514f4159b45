import { FAKE_TMDB_KEY } from "../../support/fake-tmdb";

/**
 * Worker variables the end-to-end server needs for the TMDB import tests:
 * the client pointed at the fake TMDB server (tests/support/fake-tmdb.ts),
 * which tests/e2e/tmdb-import.spec.ts starts on E2E port + 1002. Imported
 * by scripts/e2e-server.ts.
 */
export function fakeTmdbPort(e2ePort: number) {
  return e2ePort + 1002;
}

export function tmdbWorkerVars(e2ePort: number): Record<string, string> {
  const base = `http://127.0.0.1:${fakeTmdbPort(e2ePort)}`;
  return { TMDB_API_URL: `${base}/3`, TMDB_IMAGE_URL: `${base}/t/p`, TMDB_API_KEY: FAKE_TMDB_KEY };
}
