import type { Spec } from "../spec.ts";
import { berlin } from "./berlin.ts";
import { devtools } from "./devtools.ts";
import { elena3 } from "./elena3.ts";
import { europe } from "./europe.ts";
import { ferrow } from "./ferrow.ts";
import { ferrow2 } from "./ferrow2.ts";
import { kenji3 } from "./kenji3.ts";
import { last } from "./last.ts";
import { lisbon } from "./lisbon.ts";
import { lisbon2 } from "./lisbon2.ts";
import { lucas3 } from "./lucas3.ts";
import { madrid } from "./madrid.ts";
import { madrid2 } from "./madrid2.ts";
import { maya3 } from "./maya3.ts";
import { s1Notices } from "./s1-notices.ts";
import { s1bNotices } from "./s1b-notices.ts";
import { s1cNotices } from "./s1c-notices.ts";
import { s1dNotices } from "./s1d-notices.ts";
import { s1pPersonal } from "./s1p-personal.ts";
import { s1rNotes } from "./s1r-notes.ts";
import { s2a } from "./s2a.ts";
import { s2b } from "./s2b.ts";
import { s2c } from "./s2c.ts";
import { s2d } from "./s2d.ts";
import { s2e } from "./s2e.ts";
import { s2f } from "./s2f.ts";
import { s2g } from "./s2g.ts";
import { s28FirstContacts } from "./s28-first-contacts.ts";
import { s29UrgentMoney } from "./s29-urgent-money.ts";
import { s30Lookalikes } from "./s30-lookalikes.ts";
import { s30ShortNotes } from "./s30-short-notes.ts";
import { s30Social } from "./s30-social.ts";
import { s30UrgentNow } from "./s30-urgent-now.ts";
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
  ...maya3,
  ...lucas3,
  ...kenji3,
  ...elena3,
  ...europe,
  ...last,
  ...s2a,
  ...s2b,
  ...s2c,
  ...s2d,
  ...s2e,
  ...s2f,
  ...s2g,
  ...s1Notices,
  ...s1bNotices,
  ...s1cNotices,
  ...s1dNotices,
  ...s1pPersonal,
  ...s1rNotes,
  ...s28FirstContacts,
  ...s29UrgentMoney,
  ...s30UrgentNow,
  ...s30Lookalikes,
  ...s30Social,
  ...s30ShortNotes,
];
