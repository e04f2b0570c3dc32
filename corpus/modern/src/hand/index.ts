import type { Spec } from "../spec.ts";
import { berlin } from "./berlin.ts";
import { devtools } from "./devtools.ts";
import { ferrow } from "./ferrow.ts";
import { ferrow2 } from "./ferrow2.ts";
import { lisbon } from "./lisbon.ts";
import { lisbon2 } from "./lisbon2.ts";
import { madrid } from "./madrid.ts";
import { madrid2 } from "./madrid2.ts";
import { tokyo } from "./tokyo.ts";
import { tokyo2 } from "./tokyo2.ts";

export const hand: Spec[] = [
  ...devtools,
  ...ferrow,
  ...ferrow2,
  ...berlin,
  ...lisbon,
  ...lisbon2,
  ...tokyo,
  ...tokyo2,
  ...madrid,
  ...madrid2,
];
