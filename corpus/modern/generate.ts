import type { Spec } from "./src/spec.ts";

export function generated(): Spec[] {
  return [];
}
