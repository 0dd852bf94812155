/** A list's query without its empty text filters (an untouched input is no filter); `undefined` ones are left out of the URL anyway. */
export function withoutEmpty<T extends object>(params: T): Partial<T> {
  const out: Partial<T> = { ...params };
  for (const key of Object.keys(out) as (keyof T)[]) {
    if (out[key] === '') delete out[key];
  }
  return out;
}
