import { defineConfig } from "vitest/config";

/** Three projects: plain Node, inside workerd, and end-to-end against real processes. */
export default defineConfig({
  test: {
    projects: ["./vitest.node.config.ts", "./vitest.workers.config.ts", "./vitest.e2e.config.ts"],
  },
});
