import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "node",
    include: ["{core,corpus,db,local-agent,scripts,tests,bench,web}/**/*.test.ts", "web/**/*.test.tsx"],
    exclude: ["**/node_modules/**", "**/*.workers.test.ts", "**/*.e2e.test.ts"],
    testTimeout: 30_000,
  },
});
