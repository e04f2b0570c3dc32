import type { Spec } from "../spec.ts";
import { devtools } from "./devtools.ts";

export const hand: Spec[] = [...devtools];
