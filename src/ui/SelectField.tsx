/**
 * A labelled select of `options`, each shown by `name` (a setting, an error type, a story): the
 * page's select of a list of ids. The choice comes back as the option itself, by its index, so no
 * caller casts the select's string back to its type.
 */
export function SelectField<V extends string>(p: {
  label: string;
  testId: string;
  value: V;
  options: readonly V[];
  name: (option: V) => string;
  onChange: (option: V) => void;
  className?: string;
}) {
  return (
    <label className={p.className ? `hs-field ${p.className}` : 'hs-field'}>
      <span>{p.label}</span>
      <select data-testid={p.testId} value={p.value} onChange={(e) => p.onChange(p.options[e.target.selectedIndex]!)}>
        {p.options.map((o) => (
          <option key={o} value={o}>
            {p.name(o)}
          </option>
        ))}
      </select>
    </label>
  );
}
