/** A select of a GET filter form (admin lists, My mistakes): an optional "all" first option, then the choices. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  allLabel?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="input">
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
