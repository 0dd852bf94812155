import { describe, expect, it } from 'vitest';
import { decodeTimelineNote, encodeTimelineNote, presentTimelineNote } from './timeline-notes';

describe('timeline notes', () => {
  it('stores a key with its values and reads them back with the English text', () => {
    const stored = encodeTimelineNote({ key: 'paidWith', params: { channel: 'balance' } });
    expect(stored).toBe('note:paidWith {"channel":"balance"}');
    expect(presentTimelineNote(stored)).toEqual({
      note: 'paid with balance',
      noteKey: 'paidWith',
      noteParams: { channel: 'balance' },
    });
    expect(encodeTimelineNote({ key: 'ticketsIssued' })).toBe('note:ticketsIssued');
    expect(decodeTimelineNote('note:ticketsIssued')).toEqual({ key: 'ticketsIssued', params: {} });
  });

  it('keeps free text, unknown keys and broken values as text without a key', () => {
    expect(encodeTimelineNote({ supplierText: 'Fare rules forbid it' })).toBe('Fare rules forbid it');
    for (const text of [
      'Fare rules forbid it',
      'note:nope',
      'note:paidWith {oops',
      'note:paidWith [1]',
      null,
    ]) {
      expect(presentTimelineNote(text)).toEqual({ note: text, noteKey: null, noteParams: null });
    }
    expect(decodeTimelineNote('note:toString')).toBeNull();
  });
});
