import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "db/migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
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
