import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/**/*.e2e.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The PWA build, the Worker bundle and a migrated D1, made once per run instead of per file.
    globalSetup: ["./tests/support/e2e-global-setup.ts"],
  },
});
