/** A form's submit handler: busy while its action runs, and what the action threw kept for display. */
import { useState, type FormEvent } from 'react';

export function useSubmit(action: (form: FormData) => Promise<void>) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await action(form);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error };
}
