/**
 * The seeded generators that add variety to the legitimate half. Each template draws from its own
 * seeded stream and renders one message per data row (≤ 18 rows, under 2 % of the corpus); the rows
 * carry the situation, so no two messages share their content. build.ts renders and labels them.
 */
import * as bulk from "./src/gen/bulk.ts";
import * as commerce from "./src/gen/commerce.ts";
import * as extra from "./src/gen/extra.ts";
import { run, type Template } from "./src/gen/kit.ts";
import * as more from "./src/gen/more.ts";
import * as today from "./src/gen/today.ts";
import * as work from "./src/gen/work.ts";
import type { Spec } from "./src/spec.ts";

export const templates: Template[] = [
  ...Object.values(work),
  ...Object.values(commerce),
  ...Object.values(bulk),
  ...Object.values(more),
  ...Object.values(today),
  ...Object.values(extra),
];

export function generated(): Spec[] {
  return templates.flatMap(run);
}
