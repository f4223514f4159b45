import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/**
 * Two kinds of tests:
 * - unit: plain logic, in Node (`*.test.ts` beside the code);
 * - workers: data code inside workerd with real local D1 and R2
 *   (`*.workers.test.ts`), every migration applied first.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    resolve: { tsconfigPaths: true },
    test: {
      // One test file per core. Vitest's own default in a run is one fewer, which is one file at a time on a
      // 2-core machine; the workerd files wait on their runtime enough that two at a time take 170 s, not 270.
      maxWorkers: "100%",
      projects: [
        {
          resolve: { tsconfigPaths: true },
          test: {
            name: "unit",
            include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "workers/**/*.test.ts"],
            exclude: ["**/*.workers.test.ts", "node_modules/**"],
            environment: "node",
          },
        },
        {
          resolve: { tsconfigPaths: true },
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "local",
                  APP_KEY: "dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXk=",
                },
              },
            }),
          ],
          test: {
            name: "workers",
            include: ["app/**/*.workers.test.ts", "workers/**/*.workers.test.ts"],
            setupFiles: ["./tests/workers/apply-migrations.ts"],
            // Some tests move tens of MiB through R2 parts; give a busy 2-core machine room.
            testTimeout: 30_000,
          },
        },
      ],
    },
  };
});
