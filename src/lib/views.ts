/**
 * How a database row becomes an API view: the fields the view shows, in the view's order, with
 * every time as an ISO string (a null time stays null). Rows carry more (account ids, fingerprints)
 * than a view may show, so the fields are named, never spread.
 */

/** A row's field as a view shows it: Date → ISO string, everything else as it is. */
export type ViewField<T> = T extends Date ? string : T;

export function viewOf<R extends object, K extends keyof R>(row: R, fields: readonly K[]): { [P in K]: ViewField<R[P]> } {
  const view = {} as Record<K, unknown>;
  for (const field of fields) {
    const value = row[field];
    view[field] = value instanceof Date ? value.toISOString() : value;
  }
  return view as { [P in K]: ViewField<R[P]> };
}
