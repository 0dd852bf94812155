import { createCanvas } from '@napi-rs/canvas';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { buildApp } from '../../app';
import { bearer, body, login, testConfig, useTestApp } from '../../test/app';
import type { MrzReading } from './mrz-fields';
import { createMrzReader, type MrzReader, type MrzReadResult } from './mrz-reader';
import type { OcrPoolOptions } from './ocr-pool';
import {
  brokenImageCorpus,
  multipartBody,
  renderBlankPng,
  renderLargePassportPng,
  renderPassportPng,
} from './passport-image.test-helpers';

const t = useTestApp();
const URL = '/base/v2/analysis/document';
const SPECIMEN = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];

async function upload(
  token: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
  app: FastifyInstance = t.app,
) {
  const { payload, headers } = multipartBody('file', filename, contentType, bytes);
  return app.inject({
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
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
      payload: 'not a multipart body',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(body(noBoundary).code).toBe(ERRORS.ILLEGAL_INPUT.code);
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

const FAKE_READING: MrzReading = {
  format: 'TD3',
  fields: {
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
  },
  checks: {
    surname: true,
    given_names: true,
    gender: true,
    birthday: true,
    nationality: false,
    documentNumber: true,
    expiryDate: true,
    issuingCountry: false,
    composite: true,
    allCheckDigits: true,
  },
  raw: SPECIMEN,
};
const FAKE_RESULT: MrzReadResult = {
  reading: FAKE_READING,
  image: { width: 1, height: 1, ms: 0 },
  steps: [],
};

/** Readers whose reads wait until the test releases them (no sleeps: the test holds the promise). */
function heldReaders() {
  const reads: { reader: number; release(): void }[] = [];
  const closed: number[] = [];
  let made = 0;
  const createReader = (): MrzReader => {
    const id = made++;
    return {
      read: () => new Promise((resolve) => reads.push({ reader: id, release: () => resolve(FAKE_RESULT) })),
      warmUp: async () => undefined,
      close: async () => {
        closed.push(id);
      },
    };
  };
  return { reads, closed, createReader };
}

describe('passport reading under load', () => {
  const apps: FastifyInstance[] = [];
  async function appWith(ocr: Partial<OcrPoolOptions>, limits?: Parameters<typeof buildApp>[0]['limits']) {
    const app = await buildApp({ config: testConfig(), database: t.database, ocr, limits });
    apps.push(app);
    return app;
  }
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  /** A small valid PNG (the fake readers never look at it). */
  const image = () => createCanvas(40, 20).encode('png');

  it('reduces a 2500x2500 photo before the OCR and still reads it (real OCR)', async () => {
    const results: MrzReadResult[] = [];
    const app = await appWith({
      createReader: () => {
        const real = createMrzReader({ tessdataDir: testConfig().tessdataDir });
        return {
          ...real,
          read: async (bytes) => {
            const result = await real.read(bytes);
            results.push(result);
            return result;
          },
        };
      },
    });
    const token = await login(app);
    const photo = await renderLargePassportPng(SPECIMEN, 2500);
    const res = await upload(token, 'photo.png', 'image/png', photo, app);
    expect(res.statusCode).toBe(200);
    expect(body<MrzReading>(res).data.fields).toMatchObject({
      surname: 'ERIKSSON',
      birthday: '1974-08-12',
      travel_document: { number: 'L898902C3' },
    });
    expect(results[0]?.image).toMatchObject({
      width: 1500,
      height: 1500,
      reducedFrom: { width: 2500, height: 2500 },
    });
  }, 60_000);

  it('answers 429 OCR_BUSY at once when the readers and the queue are full; the portal stays responsive', async () => {
    const held = heldReaders();
    const app = await appWith({ size: 1, queueLimit: 1, createReader: held.createReader });
    const token = await login(app);
    const first = upload(token, 'a.png', 'image/png', await image(), app);
    await vi.waitFor(() => expect(held.reads).toHaveLength(1));
    // One of the next two waits in the queue, the other is refused without waiting.
    const next = [image(), image()].map(async (bytes) =>
      upload(token, 'b.png', 'image/png', await bytes, app),
    );
    const refused = await Promise.race(next);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toMatchObject({
      code: ERRORS.OCR_BUSY.code,
      message: 'Passport reading is busy; please try again in a few seconds or enter the details by hand',
    });
    // No database transaction is held around the OCR: reads and writes of the user still answer.
    const list = await app.inject({ url: '/base/v2/often-used-passengers', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const me = await app.inject({ url: '/base/v2/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);

    held.reads[0]?.release();
    expect((await first).statusCode).toBe(200);
    await vi.waitFor(() => expect(held.reads).toHaveLength(2));
    held.reads[1]?.release();
    const answers = await Promise.all(next);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(body<MrzReading>(await first).data).toEqual(FAKE_READING);
  });

  it('answers 503 OCR_TIMEOUT when a read takes too long, and reads the next on a fresh reader', async () => {
    const held = heldReaders();
    // The first reader never answers, so its read times out whatever the machine's load; the
    // deadline is long enough for the next upload's decoding and answer on a busy machine (at 50
    // ms, that read itself timed out under load).
    const app = await appWith({ size: 1, queueLimit: 1, timeoutMs: 2_000, createReader: held.createReader });
    const token = await login(app);
    const slow = await upload(token, 'a.png', 'image/png', await image(), app);
    expect(slow.statusCode).toBe(503);
    expect(body(slow)).toMatchObject({
      code: ERRORS.OCR_TIMEOUT.code,
      message: 'Reading the document took too long; please try again or enter the passenger details by hand',
    });
    expect(held.closed).toEqual([0]);
    const next = upload(token, 'b.png', 'image/png', await image(), app);
    await vi.waitFor(() => expect(held.reads).toHaveLength(2), { timeout: 1_500 });
    expect(held.reads[1]?.reader).toBe(1);
    held.reads[1]?.release();
    expect((await next).statusCode).toBe(200);
  });

  it('refuses a huge pixel count (413) and an image that does not decode (415) before the OCR', async () => {
    const held = heldReaders();
    const app = await appWith({ createReader: held.createReader });
    const token = await login(app);
    const ihdr = Buffer.alloc(25);
    ihdr.writeUInt32BE(13, 0);
    ihdr.write('IHDR', 4, 'latin1');
    ihdr.writeUInt32BE(60_000, 8);
    ihdr.writeUInt32BE(60_000, 12);
    const bomb = Buffer.concat([(await image()).subarray(0, 8), ihdr, Buffer.alloc(1000)]);
    const big = await upload(token, 'bomb.png', 'image/png', bomb, app);
    expect(big.statusCode).toBe(413);
    expect(body(big).code).toBe(ERRORS.PAYLOAD_TOO_LARGE.code);
    const real = await image();
    const broken = Buffer.concat([real.subarray(0, 33), Buffer.alloc(500, 7)]);
    // The real reader decodes before any OCR worker starts (another user: t.app's upload counts).
    const undecodable = await upload(await login(t.app, 'operator'), 'broken.png', 'image/png', broken);
    expect(undecodable.statusCode).toBe(415);
    expect(body(undecodable)).toMatchObject({
      code: ERRORS.IMAGE_UNDECODABLE.code,
      message: 'The image is damaged or incomplete and cannot be opened; please take or scan it again',
    });
    expect(held.reads).toHaveLength(0);
  });

  it('answers each image of the broken corpus with its 4xx before any reader sees it, then reads a good one', async () => {
    const held = heldReaders();
    const many = { perUser: 100, perAgency: 100, windowMs: 60_000 };
    const app = await appWith({ createReader: held.createReader }, { upload: many });
    const token = await login(app);
    for (const broken of brokenImageCorpus()) {
      const res = await upload(token, broken.filename, broken.contentType, broken.bytes, app);
      expect(res.statusCode, `${broken.label}: ${res.body}`).toBe(broken.status);
    }
    expect(held.reads).toHaveLength(0);
    const good = upload(token, 'a.png', 'image/png', await image(), app);
    await vi.waitFor(() => expect(held.reads).toHaveLength(1));
    held.reads[0]?.release();
    expect((await good).statusCode).toBe(200);
  });

  it('answers 422 for a read whose reader fails or dies, and reads the next on a fresh reader', async () => {
    let made = 0;
    const app = await appWith({
      size: 1,
      createReader: (): MrzReader => {
        const id = made++;
        return {
          read: async () => {
            // The first reader's worker dies on its read; tesseract.js rejects with a bare string.
            if (id === 0) return Promise.reject('Error: worker died');
            return FAKE_RESULT;
          },
          warmUp: async () => undefined,
          close: async () => undefined,
        };
      },
    });
    const token = await login(app);
    const failed = await upload(token, 'a.png', 'image/png', await image(), app);
    expect(failed.statusCode).toBe(422);
    expect(body(failed)).toMatchObject({
      code: ERRORS.DOCUMENT_UNREADABLE.code,
      message: 'The document could not be read, please enter the passenger details by hand',
    });
    const next = await upload(token, 'b.png', 'image/png', await image(), app);
    expect(next.statusCode).toBe(200);
    expect(made).toBe(2);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('counts uploads against the user: the 11th in a minute is 429 UPLOAD_RATE_LIMITED', async () => {
    const app = await appWith({ createReader: heldReaders().createReader });
    const token = await login(app);
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n');
    for (let n = 1; n <= 10; n++) {
      expect((await upload(token, `scan${n}.png`, 'image/png', pdf, app)).statusCode).toBe(415);
    }
    const eleventh = await upload(token, 'scan11.png', 'image/png', pdf, app);
    expect(eleventh.statusCode).toBe(429);
    expect(body(eleventh).code).toBe(ERRORS.UPLOAD_RATE_LIMITED.code);
    expect(body(eleventh).message).toMatch(
      /^Too many uploads from your account or agency; please wait \d+ s/,
    );
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // Another user of the same agency still uploads.
    const other = await login(app, 'operator');
    expect((await upload(other, 'scan.png', 'image/png', pdf, app)).statusCode).toBe(415);
  });

  it('stops the readers when the app closes', async () => {
    const held = heldReaders();
    const app = await appWith({ createReader: held.createReader });
    const token = await login(app);
    const read = upload(token, 'a.png', 'image/png', await image(), app);
    await vi.waitFor(() => expect(held.reads).toHaveLength(1));
    held.reads[0]?.release();
    expect((await read).statusCode).toBe(200);
    await app.close();
    expect(held.closed).toEqual([0]);
  });
});
