/**
 * Sets the given environment variables (undefined: unset) and returns what puts
 * back the values they had, for tests that point the app at a fake for a while.
 */
export function pointEnv(values: Record<string, string | undefined>): () => void {
  const kept = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (next: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(values);
  return () => apply(kept);
}
