// A fieldset of checkboxes (the usage summaries, the disk and bandwidth alerts).
/** A fieldset of checkboxes, one per choice. */
export function Choices<T extends string | number>({
  legend,
  choices,
  chosen,
  label,
  toggle,
}: {
  legend: string;
  choices: readonly T[];
  chosen: readonly T[];
  label: (choice: T) => string;
  toggle: (choice: T) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label className="check" key={c}>
          <input
            type="checkbox"
            checked={chosen.includes(c)}
            onChange={() => {
              toggle(c);
            }}
          />{' '}
          {label(c)}
        </label>
      ))}
    </fieldset>
  );
}
