import { CoreError } from "@scouts/core/errors";
import type { Config } from "../env.ts";

type Present<C, K extends keyof C> = C & { [P in K]-?: NonNullable<C[P]> };

/**
 * Narrows `config` to a feature's settings, or throws `disabled` naming what is missing, so a
 * feature used without its secret fails clearly instead of half-working.
 * @example const c = requireConfig(config, "Google sign-in", ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
 */
export function requireConfig<K extends keyof Config>(
  config: Config,
  feature: string,
  keys: readonly K[],
): Present<Config, K> {
  const missing = keys.filter((k) => config[k] === undefined);
  if (missing.length > 0) {
    throw new CoreError("disabled", `${feature} is not configured: set ${missing.join(", ")}`, {
      details: { missing },
    });
  }
  return config as Present<Config, K>;
}
