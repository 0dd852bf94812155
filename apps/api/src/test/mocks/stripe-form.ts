/**
 * Stripe's form encoding as its clients send it (`a[b][0][c]=1`): nested objects, and arrays
 * where the keys are indexes. Read back into one value tree.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

type Tree = { [key: string]: Tree | string };

function toValue(node: Tree | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => toValue(node[k] ?? ''));
  }
  return Object.fromEntries(keys.map((k) => [k, toValue(node[k] ?? '')]));
}

/** Parses an `application/x-www-form-urlencoded` body of Stripe's shape. */
export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Tree = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const next = node[part];
      if (typeof next === 'object') node = next;
      else {
        const child: Tree = {};
        node[part] = child;
        node = child;
      }
    });
  }
  const value = toValue(root);
  return typeof value === 'object' && !Array.isArray(value) ? value : {};
}
