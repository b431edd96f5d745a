/** A labelled drop-down of a GET filter form: the given choices, after an empty one labelled `anyLabel` unless it is null. */
export function FilterSelect({
  name,
  label,
  choices,
  selected,
  anyLabel = 'All',
}: {
  name: string;
  label: string;
  choices: readonly { value: string; label: string }[];
  selected: string | undefined;
  anyLabel?: string | null;
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={selected ?? ''}>
        {anyLabel !== null && <option value="">{anyLabel}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
