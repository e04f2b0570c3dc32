import { mkdirSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  // wrangler.toml serves web/dist as static assets and refuses a missing directory; the tests
  // don't need the built PWA, so an empty one will do when nothing was built yet.
  mkdirSync(path.join(import.meta.dirname, "web", "dist"), { recursive: true });
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        // The production handlers wrapped with the tests' ports; wrangler.toml keeps workers/index.ts.
        main: "./workers/test/entry.ts",
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, SCOUTS_ENV: "test" },
        },
      }),
    ],
    test: {
      name: "workers",
      include: ["{workers,core,tests}/**/*.workers.test.ts"],
      setupFiles: ["./workers/test/apply-migrations.ts"],
      testTimeout: 30_000,
    },
  };
});
