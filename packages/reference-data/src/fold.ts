/** Lower-cases, strips diacritics and collapses whitespace, so 'São Paulo' and 'sao  paulo' compare equal. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
