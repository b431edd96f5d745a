/** A labelled drop-down of a GET filter form: "All" plus the given choices. */
export function FilterSelect({
  name,
  label,
  choices,
  selected,
}: {
  name: string;
  label: string;
  choices: readonly { value: string; label: string }[];
  selected: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={selected ?? ''}>
        <option value="">All</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
