import type { Env as ScoutsEnv } from "../env.ts";

declare global {
  namespace Cloudflare {
    interface Env extends ScoutsEnv {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    }
    interface GlobalProps {
      mainModule: typeof import("../index.ts");
      durableNamespaces: "DeviceHub" | "QuotaGate";
    }
  }
}
