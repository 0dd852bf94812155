/** A list's query without its empty text filters (an untouched input is no filter); `undefined` ones are left out of the URL anyway. */
export function withoutEmpty<T extends object>(params: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(params) as (keyof T)[]) {
    if (params[key] !== '') out[key] = params[key];
  }
  return out;
}
