import { CoreError } from "../errors.ts";

/**
 * Rejects with `timeout` if `work` has not settled within `ms`, so one hung provider call can not
 * stall a delivery run (the work itself is left to finish or fail on its own).
 * @example const meta = await withTimeout(connector.fetchMetadata(refs), 5_000, "fetchMetadata");
 */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CoreError("timeout", `${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
