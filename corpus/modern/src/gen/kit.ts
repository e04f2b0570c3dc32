/** Helpers for the seeded generators: each template draws from its own stream, so adding one never moves another. */
import { createHash } from "node:crypto";
import type { Spec } from "../spec.ts";

export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  money(min: number, max: number): number;
  id(length: number, alphabet?: string): string;
  date(fromDay: number, toDay: number, fromHour?: number, toHour?: number): string;
}

export function rng(seed: string): Rng {
  let state = Number.parseInt(createHash("sha256").update(seed).digest("hex").slice(0, 8), 16) >>> 0;
  const next = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    money: (min, max) => Math.round((min + next() * (max - min)) * 100) / 100,
    id: (length, alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") =>
      Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join(""),
    date: (fromDay, toDay, fromHour = 7, toHour = 22) => {
      const day = int(fromDay, toDay);
      const p = (n: number) => String(n).padStart(2, "0");
      return `11-${p(day)} ${p(int(fromHour, toHour))}:${p(int(0, 59))}`;
    },
  };
}

export interface Template {
  id: string;
  /** one Spec per data row; the template id is stamped on each */
  make(r: Rng): Partial<Spec>[];
}

export function run(t: Template): Spec[] {
  return t.make(rng(t.id)).map((s) => ({ ...s, how: "generated", template: t.id }) as Spec);
}

export const eur = (n: number, lang = "de") =>
  lang === "en" ? `€${n.toFixed(2)}` : `${n.toFixed(2).replace(".", ",")} €`;

/** The sender's own web address, from its From header (links in its mail point there). */
export function site(from: string): string {
  const domain = (from.match(/@([^>\s]+)/)?.[1] ?? "").toLowerCase();
  const labels = domain.split(".");
  const keep = /\.(co|ne|or|com|ac)\.[a-z]{2}$/.test(domain) ? 3 : 2;
  return `https://www.${labels.slice(-keep).join(".")}`;
}
