import type { Filter } from "@scouts/core/automation/filter/types";
import { useState } from "react";
import { filterToPalette, type PaletteGroup, paletteOperators, paletteToFilter } from "./form-model.ts";

/**
 * Builds a filter from rows (path, operator, value) joined by all/any, optionally negated; a
 * filter with deeper nesting is edited as JSON instead.
 * @example <FilterPalette label="Only when" value={step.when} onChange={(f) => ...} />
 */
export function FilterPalette(props: {
  label: string;
  value: Filter | undefined;
  onChange: (f: Filter | undefined) => void;
}) {
  const initial = filterToPalette(props.value);
  const [group, setGroup] = useState<PaletteGroup | null>(initial);
  const [json, setJson] = useState(JSON.stringify(props.value ?? null, null, 2));
  const update = (g: PaletteGroup) => {
    setGroup(g);
    props.onChange(paletteToFilter(g) ?? undefined);
  };
  if (!group) {
    return (
      <label>
        {props.label} (JSON)
        <textarea
          value={json}
          rows={6}
          onChange={(e) => {
            setJson(e.target.value);
            try {
              props.onChange((JSON.parse(e.target.value) as Filter | null) ?? undefined);
            } catch {}
          }}
        />
      </label>
    );
  }
  return (
    <fieldset>
      <legend>{props.label}</legend>
      <label>
        Match
        <select
          value={group.combinator}
          onChange={(e) => update({ ...group, combinator: e.target.value as "$and" | "$or" })}
        >
          <option value="$and">all of</option>
          <option value="$or">any of</option>
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={group.negate}
          onChange={(e) => update({ ...group, negate: e.target.checked })}
        />{" "}
        negate
      </label>
      {group.leaves.map((leaf, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their position is their identity.
        <fieldset key={i} aria-label={`condition ${i + 1}`}>
          <input
            aria-label="path"
            placeholder="payload.verdict"
            value={leaf.path}
            onChange={(e) =>
              update({
                ...group,
                leaves: group.leaves.map((l, j) => (j === i ? { ...l, path: e.target.value } : l)),
              })
            }
          />
          <select
            aria-label="operator"
            value={leaf.op}
            onChange={(e) =>
              update({
                ...group,
                leaves: group.leaves.map((l, j) =>
                  j === i ? { ...l, op: e.target.value as typeof leaf.op } : l,
                ),
              })
            }
          >
            {paletteOperators.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          <input
            aria-label="value"
            value={leaf.value}
            onChange={(e) =>
              update({
                ...group,
                leaves: group.leaves.map((l, j) => (j === i ? { ...l, value: e.target.value } : l)),
              })
            }
          />
          <button
            type="button"
            onClick={() => update({ ...group, leaves: group.leaves.filter((_, j) => j !== i) })}
          >
            Remove
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() => update({ ...group, leaves: [...group.leaves, { path: "", op: "equals", value: "" }] })}
      >
        Add condition
      </button>
    </fieldset>
  );
}
