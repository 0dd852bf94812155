import { describe, expect, it } from 'vitest';
import { readStatusCounts } from './status-counts';

describe('readStatusCounts', () => {
  it('keeps well-formed counts with their cap flag', () => {
    expect(
      readStatusCounts([
        { status: 'issued', cnt: 3 },
        { status: 'all', cnt: 10000, capped: true },
      ]),
    ).toEqual([
      { status: 'issued', cnt: 3 },
      { status: 'all', cnt: 10000, capped: true },
    ]);
  });

  it('drops entries of another shape and reads anything but a list as no counts', () => {
    expect(
      readStatusCounts([
        { status: 'issued', cnt: -1 },
        { status: 'issued', cnt: 1.5 },
        { status: 7, cnt: 1 },
        null,
        'issued',
        { status: 'canceled', cnt: 2, capped: 'yes' },
      ]),
    ).toEqual([{ status: 'canceled', cnt: 2 }]);
    expect(readStatusCounts({ status: 'issued', cnt: 1 })).toEqual([]);
    expect(readStatusCounts(null)).toEqual([]);
  });
});
