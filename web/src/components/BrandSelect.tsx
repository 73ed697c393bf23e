/** The required brand picker of a form: a `brandId` field listing the account's brands by name. */
import { useId } from 'react';

export function BrandSelect({ label, brands }: { label: string; brands: ReadonlyArray<{ id: string; name: string }> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="brandId" required>
        {brands.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
    </div>
  );
}
