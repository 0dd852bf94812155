import { fireEvent, render, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { SESSIONS } from '../../../test/fixtures';
import { prepare } from '../../../test/render-app';
import { envelope, server } from '../../../test/server';
import { DocumentUpload } from './document-upload';

const WAIT = { timeout: 30_000 };

async function uploadAnswered(status: number, code: number, message: string) {
  await prepare(SESSIONS.operator);
  server.use(
    http.post('/base/v2/analysis/document', () =>
      HttpResponse.json(envelope(null, code, message), { status }),
    ),
  );
  const onError = vi.fn();
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <DocumentUpload onRead={() => undefined} onError={onError} />
    </AppProviders>,
  );
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['png'], 'passport.png', { type: 'image/png' })] } });
  await waitFor(() => expect(onError).toHaveBeenCalledTimes(1), WAIT);
  view.unmount();
  return onError.mock.calls[0]?.[0] as string;
}

describe('passport upload errors', () => {
  it("shows the server's reason when the reader is busy, too slow or the uploads too many", async () => {
    const busy = 'Passport reading is busy; please try again in a few seconds or enter the details by hand';
    expect(await uploadAnswered(429, ERRORS.OCR_BUSY.code, busy)).toBe(busy);
    const slow =
      'Reading the document took too long; please try again or enter the passenger details by hand';
    expect(await uploadAnswered(503, ERRORS.OCR_TIMEOUT.code, slow)).toBe(slow);
    const many = 'Too many uploads from your account or agency; please wait 42 s and upload again';
    expect(await uploadAnswered(429, ERRORS.UPLOAD_RATE_LIMITED.code, many)).toBe(many);
  }, 30000);

  it('says the passport could not be read when no zone was found', async () => {
    expect(await uploadAnswered(422, ERRORS.DOCUMENT_UNREADABLE.code, 'unreadable')).toBe(
      'The passport could not be read from this image; please enter the details by hand',
    );
  }, 30000);
});
