/** A form's submit handler: busy while its action runs, and what the action threw kept for display. */
import { useState, type FormEvent } from 'react';

export function useSubmit(action: (form: FormData, element: HTMLFormElement) => Promise<void>) {
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    setBusy(true);
    setError(null);
    try {
      await action(new FormData(element), element);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return { submit, busy, error };
}
