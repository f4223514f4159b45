/// <reference types="@cloudflare/vitest-plugin/types" />

// Bindings only the workerd test project has (see vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("@cloudflare/vitest-plugin").D1Migration[];
  }
}
