import { describe, expect, it } from 'vitest';
import { candidateLines, parseMrzText, toReading } from './mrz-fields';

const TODAY = new Date('2026-11-22T00:00:00Z');
const SPECIMEN = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];

/** ICAO 9303 check digit (weights 7, 3, 1; `<` = 0, A = 10). */
function checkDigit(text: string): string {
  const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  return String([...text].reduce((sum, c, i) => sum + value(c) * ([7, 3, 1][i % 3] ?? 0), 0) % 10);
}

/** A TD3 second line with correct check digits. */
function td3Line2(number: string, nationality: string, birth: string, sex: string, expiry: string): string {
  const doc = number.padEnd(9, '<');
  const personal = '<'.repeat(14);
  const body =
    doc + checkDigit(doc) + nationality + birth + checkDigit(birth) + sex + expiry + checkDigit(expiry);
  const withPersonal = body + personal + checkDigit(personal);
  const composite = checkDigit(
    withPersonal.slice(0, 10) + withPersonal.slice(13, 20) + withPersonal.slice(21, 43),
  );
  return withPersonal + composite;
}

describe('MRZ fields', () => {
  it('reads the ICAO specimen with per-field checks', () => {
    const result = parseMrzText(`PASSPORT\n${SPECIMEN.join('\n')}\n`);
    expect(result?.format).toBe('TD3');
    const reading = toReading(result ?? expect.fail('no zone'), TODAY);
    expect(reading.fields).toEqual({
      surname: 'ERIKSSON',
      given_names: 'ANNA MARIA',
      gender: 'female',
      birthday: '1974-08-12',
      nationality: null,
      nationalityCode: 'UTO',
      travel_document: {
        type: 'passport',
        interfaceType: 'passport',
        number: 'L898902C3',
        expiryDate: '2012-04-15',
      },
      issuingCountry: null,
      issuingCountryCode: 'UTO',
    });
    expect(reading.checks).toMatchObject({
      documentNumber: true,
      birthday: true,
      expiryDate: true,
      allCheckDigits: true,
    });
    expect(reading.raw).toEqual(SPECIMEN);
  });

  it('maps a PRC passport to chinese-passport with alpha-2 countries and the birth-date century rule', () => {
    const line1 = 'P<CHNZHANG<<SAN<<<<<<<<<<<<<<<<<<<<<<<<<<<<<';
    const line2 = td3Line2('E12345678', 'CHN', '300101', 'M', '340101');
    const reading = toReading(parseMrzText(`${line1}\n${line2}`) ?? expect.fail('no zone'), TODAY);
    expect(reading.fields).toMatchObject({
      surname: 'ZHANG',
      given_names: 'SAN',
      gender: 'male',
      birthday: '1930-01-01',
      nationality: 'CN',
      issuingCountry: 'CN',
      travel_document: {
        type: 'chinese-passport',
        interfaceType: 'chinese-passport',
        expiryDate: '2034-01-01',
      },
    });
    expect(reading.checks.allCheckDigits).toBe(true);
  });

  it('repairs a line OCR made one character too long, and flags a bad check digit', () => {
    const line2 = SPECIMEN[1] ?? '';
    const doubled = `${line2.slice(0, 10)}G${line2.slice(10)}`; // "6" read as "6G"
    const repaired = parseMrzText(`${SPECIMEN[0]}\n${doubled}`);
    expect(repaired && toReading(repaired, TODAY).fields.travel_document.number).toBe('L898902C3');
    expect(repaired?.lines[1]).toHaveLength(44);
    const wrong = `${line2.slice(0, 13)}7408132${line2.slice(20)}`; // birth date misread
    const reading = toReading(parseMrzText(`${SPECIMEN[0]}\n${wrong}`) ?? expect.fail('no zone'), TODAY);
    expect(reading.checks).toMatchObject({ birthday: false, documentNumber: true, allCheckDigits: false });
  });

  it('finds nothing in text without a zone', () => {
    expect(candidateLines('hello\nworld')).toEqual([]);
    expect(parseMrzText('PASSPORT\nNo zone <<< here\n')).toBeUndefined();
  });
});
