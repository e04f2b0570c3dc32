import type { Spec } from "../spec.ts";
import { berlin } from "./berlin.ts";
import { devtools } from "./devtools.ts";
import { ferrow } from "./ferrow.ts";
import { lisbon } from "./lisbon.ts";
import { madrid } from "./madrid.ts";
import { tokyo } from "./tokyo.ts";

export const hand: Spec[] = [...devtools, ...ferrow, ...berlin, ...lisbon, ...tokyo, ...madrid];
