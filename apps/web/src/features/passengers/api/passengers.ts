import type { FrequentPassenger, FrequentPassengerBody } from '@portal/domain/frequent-passengers';
import { apiGet, apiPost } from '../../../shared/api/client';

export interface FrequentPassengerPage {
  list: FrequentPassenger[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /base/v2/often-used-passengers: the user's often-used passengers matching `keyword`. */
export function listFrequentPassengers(keyword: string): Promise<FrequentPassengerPage> {
  return apiGet<FrequentPassengerPage>('/base/v2/often-used-passengers', {
    params: { keyword: keyword || undefined, page: 1, pageSize: 20 },
  });
}

/** POST /base/v2/often-used-passengers. */
export function saveFrequentPassenger(body: FrequentPassengerBody): Promise<FrequentPassenger> {
  return apiPost<FrequentPassenger>('/base/v2/often-used-passengers', body, { skipErrorToast: true });
}

/** What the passport reader returns (`POST /base/v2/analysis/document`). */
export interface DocumentAnalysis {
  format: string;
  fields: {
    surname?: string;
    given_names?: string;
    gender?: 'male' | 'female';
    birthday?: string;
    nationality?: string;
    travel_document?: { type?: string; interfaceType?: string; number?: string; expiryDate?: string };
  };
}

/** Reads a passport image; 422 / 700005 when it cannot (the caller says so). */
export function analyzeDocument(file: File): Promise<DocumentAnalysis> {
  const body = new FormData();
  body.append('file', file);
  return apiPost<DocumentAnalysis>('/base/v2/analysis/document', body, { skipErrorToast: true });
}
