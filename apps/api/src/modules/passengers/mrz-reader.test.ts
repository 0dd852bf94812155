import path from 'node:path';
import { Worker as Thread } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../../platform/config';
import { createMrzReader, OcrWorkerDiedError, startSupervisedWorker } from './mrz-reader';
import { fitForOcr } from './ocr-image';
import { badChecksumPng, renderPassportPng } from './passport-image.test-helpers';

const TESSDATA = path.join(API_ROOT, 'assets', 'tessdata');
const SPECIMEN = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];

function threadOf(worker: object): Thread {
  if ('worker' in worker && worker.worker instanceof Thread) return worker.worker;
  throw new Error('no worker thread');
}

describe('supervised tesseract.js workers (real OCR)', () => {
  it('rejects the job of an image its decoder refuses instead of throwing it out of the process', async () => {
    const deaths: OcrWorkerDiedError[] = [];
    const worker = await startSupervisedWorker('mrz', 1, TESSDATA, false, (e) => deaths.push(e));
    // tesseract's own decoder (libpng) refuses it; tesseract.js would throw it in its listener.
    await expect(worker.recognize(badChecksumPng())).rejects.toMatch(/Error attempting to read image/);
    expect(deaths).toEqual([]);
    // The worker still reads.
    const { data } = await worker.recognize((await fitForOcr(await renderPassportPng(SPECIMEN))).png);
    expect(data.text).toContain('L898902C3');
    // An error thrown in its thread is heard, not left to end the process.
    threadOf(worker).emit('error', new Error('thread threw'));
    expect(deaths.map((e) => e.message)).toEqual(['OCR worker thread threw']);
    await worker.terminate();
  }, 60_000);

  it('fails the read running when a worker thread dies, and every later read of that reader', async () => {
    const reader = createMrzReader({
      tessdataDir: TESSDATA,
      startWorker: async (...args) => {
        const worker = await startSupervisedWorker(...args);
        const recognize = worker.recognize.bind(worker);
        // The thread dies as the job is sent: a dead thread never answers.
        worker.recognize = async (...job) => {
          await threadOf(worker).terminate();
          return recognize(...job);
        };
        return worker;
      },
    });
    const image = await fitForOcr(await renderPassportPng(SPECIMEN));
    await expect(reader.read(image)).rejects.toBeInstanceOf(OcrWorkerDiedError);
    await expect(reader.read(image)).rejects.toBeInstanceOf(OcrWorkerDiedError);
    await reader.close();
  }, 60_000);

  it('reads a passport page through a reader that stays healthy', async () => {
    const reader = createMrzReader({ tessdataDir: TESSDATA });
    const image = await fitForOcr(await renderPassportPng(SPECIMEN));
    const result = await reader.read(image);
    expect(result.reading?.fields).toMatchObject({ surname: 'ERIKSSON', birthday: '1974-08-12' });
    expect(result.image).toMatchObject({ width: image.width, height: image.height });
    await reader.close();
  }, 60_000);
});
