import { inputClass } from "~/lib/ui/field";

type Row = { key: string; value: string };

/** Numbered rows, each with a stable key of its own (the row's place in the form is its identity here). */
function numbered(rows: Row[]) {
  return rows.map((row, index) => ({ ...row, index, id: `requirement-${index}` }));
}

/** Requirement name/value inputs (`requirements[i].key` / `.value`), the given rows plus `blank` empty ones. */
export function RequirementRows({ rows, blank = 1 }: { rows: Row[]; blank?: number }) {
  const all = numbered([...rows, ...Array.from({ length: blank }, () => ({ key: "", value: "" }))]);
  return (
    <>
      {all.map((row) => (
        <div key={row.id} className="grid grid-cols-2 gap-2">
          <input
            name={`requirements[${row.index}].key`}
            aria-label={`Requirement ${row.index + 1} name`}
            defaultValue={row.key}
            placeholder="e.g. Rank"
            className={inputClass}
          />
          <input
            name={`requirements[${row.index}].value`}
            aria-label={`Requirement ${row.index + 1} value`}
            defaultValue={row.value}
            placeholder="e.g. Gold"
            className={inputClass}
          />
        </div>
      ))}
    </>
  );
}

/** The same rows as hidden fields (answers carried from an earlier step). */
export function HiddenRequirements({ rows }: { rows: Row[] }) {
  return (
    <>
      {numbered(rows).map((row) => (
        <span key={row.id} hidden>
          <input type="hidden" name={`requirements[${row.index}].key`} value={row.key} />
          <input type="hidden" name={`requirements[${row.index}].value`} value={row.value} />
        </span>
      ))}
    </>
  );
}
