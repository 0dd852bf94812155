/**
 * One pasted text and what it must read as. Segments are written
 * `CA1501 Y 2026-12-21 PEK-SHA 08:00-10:15+1 HK` (class, times and status only when present);
 * passengers `SURNAME/GIVEN TITLE type` followed by the document when one was read
 * (`NI110101...`, or `P533412988 GB 1980-05-12 male 2030-01-15`); unread lists 1-based line numbers
 * of the text (the first line after the opening backtick's newline is line 2).
 */
export interface CorpusSample {
  name: string;
  text: string;
  locator?: string;
  segments: string[];
  passengers: string[];
  unread?: number[];
  /** `PEK-KMG 2026-12-26` per journey, when the grouping is part of the sample's point. */
  journeys?: string[];
}

/** The day every sample is read on (a Sunday). */
export const CORPUS_TODAY = '2026-11-22';
