/**
 * The API tests' passport renderer, loaded at run time (the e2e project does not compile the API's
 * sources, so the import is by URL and typed here).
 */
const RENDERER = new URL(
  '../../../apps/api/src/modules/passengers/passport-image.test-helpers.ts',
  import.meta.url,
).href;
type RenderPassportPng = (mrz: readonly string[]) => Promise<Buffer>;

/** ICAO 9303 check digit: weights 7, 3, 1 over digits, letters A=10…Z=35 and `<` = 0. */
function checkDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (const [i, c] of [...text].entries()) {
    const value = c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55;
    sum += value * (weights[i % 3] ?? 1);
  }
  return String(sum % 10);
}

export interface PassportData {
  surname: string;
  given: string;
  /** Three-letter country code (nationality and issuer). */
  country: string;
  number: string;
  /** `YYMMDD` */
  birth: string;
  sex: 'M' | 'F';
  /** `YYMMDD` */
  expiry: string;
}

/** The two lines of a passport's machine-readable zone (TD3), with valid check digits. */
export function passportMrz(p: PassportData): [string, string] {
  const name = `${p.surname}<<${p.given.replaceAll(' ', '<')}`;
  const line1 = `P<${p.country}${name}`.padEnd(44, '<');
  const number = p.number.padEnd(9, '<');
  const personal = ''.padEnd(14, '<');
  const parts = `${number}${checkDigit(number)}${p.country}${p.birth}${checkDigit(p.birth)}${p.sex}${p.expiry}${checkDigit(p.expiry)}${personal}${checkDigit(personal)}`;
  const composite = `${number}${checkDigit(number)}${p.birth}${checkDigit(p.birth)}${p.expiry}${checkDigit(p.expiry)}${personal}${checkDigit(personal)}`;
  return [line1, `${parts}${checkDigit(composite)}`];
}

/** A synthetic passport data page as PNG, rendered now (no binary fixture in the repository). */
export async function passportPng(p: PassportData): Promise<Buffer> {
  const { renderPassportPng } = (await import(RENDERER)) as { renderPassportPng: RenderPassportPng };
  return renderPassportPng(passportMrz(p));
}
