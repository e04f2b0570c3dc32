import { existsSync, readFileSync } from "node:fs";
import type { Choices, RawChoice, Stage1Choice, Stage2Choice, ThreatChoice } from "./train.ts";

/** The blocks of `core/triage/model/choices.json` as that file holds them. */
export type ChoicesBlocks = Choices;

/**
 * What one `select:triage` run chose: a block left `undefined` was not chosen by the run; a head
 * set to `null` was chosen and not kept (CV preferred no such head).
 */
export interface ChosenBlocks {
  stage1?: Stage1Choice;
  stage2?: Stage2Choice;
  threat?: ThreatChoice | null;
  raw?: RawChoice | null;
}

/** choices.json's own blocks, without `stage2-choices.json`'s override (`loadChoices` merges that in). */
export function readChoicesFile(file: string): ChoicesBlocks | undefined {
  if (!existsSync(file)) return undefined;
  const c = JSON.parse(readFileSync(file, "utf8")) as Partial<ChoicesBlocks>;
  if (!c.stage1 || !c.stage2) throw new Error(`${file}: no stage1 or stage2 block`);
  return {
    stage1: c.stage1,
    stage2: c.stage2,
    ...(c.threat ? { threat: c.threat } : {}),
    ...(c.raw ? { raw: c.raw } : {}),
  };
}

/**
 * The blocks to write: what the run chose replaces the file's block; every block the run did not
 * choose is kept exactly as the file has it (a partial run, `--threat-only` or `--raw-only`,
 * never rewrites stage 1 or stage 2). Without a previous file, `defaults` fill what was not chosen.
 */
export function mergeChoices(
  previous: ChoicesBlocks | undefined,
  chosen: ChosenBlocks,
  defaults: ChoicesBlocks,
): ChoicesBlocks {
  const base = previous ?? defaults;
  const head = <K extends "threat" | "raw">(k: K) => {
    const c = chosen[k];
    if (c === null) return {};
    if (c !== undefined) return { [k]: c } as Pick<ChoicesBlocks, K>;
    return base[k] ? ({ [k]: base[k] } as Pick<ChoicesBlocks, K>) : {};
  };
  return {
    stage1: chosen.stage1 ?? base.stage1,
    stage2: chosen.stage2 ?? base.stage2,
    ...head("threat"),
    ...head("raw"),
  };
}
