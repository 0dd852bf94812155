import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { bearer, body, login, useTestApp } from '../../test/app';
import type { MrzReading } from './mrz-fields';
import { multipartBody, renderBlankPng, renderPassportPng } from './passport-image.test-helpers';

const t = useTestApp();
const URL = '/base/v2/analysis/document';
const SPECIMEN = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];

async function upload(token: string, filename: string, contentType: string, bytes: Buffer) {
  const { payload, headers } = multipartBody('file', filename, contentType, bytes);
  return t.app.inject({
    method: 'POST',
    url: URL,
    headers: { ...bearer(token), ...headers, 'accept-language': 'en' },
    payload,
  });
}

describe('document analysis uploads', () => {
  it('refuses other content under an image name, empty and oversized files', async () => {
    const token = await login(t.app);
    const pdf = await upload(token, 'passport.png', 'image/png', Buffer.from('%PDF-1.7\n1 0 obj\n'));
    expect(pdf.statusCode).toBe(415);
    expect(body(pdf)).toMatchObject({
      code: ERRORS.UPLOAD_TYPE_NOT_ALLOWED.code,
      message: 'Only jpg, jpeg, png files of up to 10MB can be uploaded',
    });
    const empty = await upload(token, 'passport.jpg', 'image/jpeg', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(body(empty).code).toBe(ERRORS.UPLOAD_EMPTY.code);
    const png = await renderBlankPng();
    const big = await upload(
      token,
      'big.png',
      'image/png',
      Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    expect(body(big).code).toBe(ERRORS.PAYLOAD_TOO_LARGE.code);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(token),
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: URL })).statusCode).toBe(401);
  });

  it('reads the machine-readable zone of a rendered passport page (real OCR)', async () => {
    const token = await login(t.app);
    const started = performance.now();
    const res = await upload(
      token,
      'scan.PNG',
      'application/octet-stream',
      await renderPassportPng(SPECIMEN),
    );
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const reading = body<MrzReading>(res).data;
    expect(reading.format).toBe('TD3');
    expect(reading.fields).toMatchObject({
      surname: 'ERIKSSON',
      given_names: 'ANNA MARIA',
      gender: 'female',
      birthday: '1974-08-12',
      nationalityCode: 'UTO',
      issuingCountryCode: 'UTO',
      travel_document: {
        type: 'passport',
        interfaceType: 'passport',
        number: 'L898902C3',
        expiryDate: '2012-04-15',
      },
    });
    expect(reading.checks).toMatchObject({
      documentNumber: true,
      birthday: true,
      expiryDate: true,
      allCheckDigits: true,
    });
    expect(reading.raw).toHaveLength(2);
    expect(ms).toBeLessThan(15_000);
  }, 30_000);

  it('answers 422 with a clear message when no zone is found', async () => {
    const token = await login(t.app);
    const res = await upload(token, 'photo.png', 'image/png', await renderBlankPng());
    expect(res.statusCode).toBe(422);
    expect(body(res)).toMatchObject({
      code: ERRORS.DOCUMENT_UNREADABLE.code,
      message: 'The document could not be read, please enter the passenger details by hand',
      data: null,
    });
  }, 30_000);
});
