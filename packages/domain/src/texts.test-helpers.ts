/**
 * Every string of up to `maxLength` characters drawn from `alphabet`, the empty one included: the
 * exhaustive part of the candidate texts with which a zod-free field rule is compared to its schema.
 */
export function stringsOver(alphabet: readonly string[], maxLength: number): Set<string> {
  const texts = new Set<string>(['']);
  let level = [''];
  for (let length = 1; length <= maxLength; length += 1) {
    level = level.flatMap((prefix) => alphabet.map((c) => prefix + c));
    for (const text of level) texts.add(text);
  }
  return texts;
}
