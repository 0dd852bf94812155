import { describe, expect, expectTypeOf, it } from 'vitest';
import { CreateGroupOrderBody } from './group-order';
import { checkGroupRequest, type GroupRequestBody, type GroupRequestCandidate } from './group-request';

const ORIGINS = ['PEK', ' sha ', '', 'PE', 'pek', 'PEKX'];
const DATES = [undefined, '2026-12-01', '2026-11-30', '2026-13-01', '2026-12-02'];
const REMARKS = [undefined, '  window seats  ', 'bad\u0000text', 'x'.repeat(501), ` ${'y'.repeat(500)} `];
const COUNTS = [undefined, 0, 1, 5, 10, 150, 290, 301, -1, 1.5, Number.NaN];

/** Journeys: every origin and destination pair, then dates and remarks on a fixed pair. */
function journeys(): GroupRequestCandidate['journeys'][] {
  const out: GroupRequestCandidate['journeys'][] = [];
  for (const origin of ORIGINS) {
    for (const destination of ORIGINS) out.push([{ origin, destination, date: '2026-12-01' }]);
  }
  for (const date of DATES) {
    for (const returnDate of DATES) {
      for (const origin of ['PEK', '']) out.push([{ origin, destination: 'SHA', date, returnDate }]);
    }
  }
  for (const remark of REMARKS) {
    out.push([{ origin: 'PEK', destination: 'PEK', date: '2026-12-01', remark }]);
    out.push([{ origin: 'PEK', destination: 'SHA', date: undefined, remark }]);
  }
  const leg = { origin: 'PEK', destination: 'SHA', date: '2026-12-01' };
  out.push([], [leg, leg, leg, leg, leg], [leg, leg, leg, leg, leg, leg]);
  out.push([leg, { origin: 'CAN', destination: 'can', date: '2026-12-03', returnDate: '2026-12-02' }]);
  out.push([{ origin: 'x', destination: 'SHA', date: '2026-12-01' }, leg, leg, leg, leg, leg]);
  return out;
}

function passengers(): GroupRequestCandidate['passengers'][] {
  const out: GroupRequestCandidate['passengers'][] = [];
  for (const adult of COUNTS) {
    for (const child of COUNTS) {
      for (const infant of COUNTS) out.push({ adult, child, infant });
    }
  }
  return out;
}

const candidate = (
  j: GroupRequestCandidate['journeys'],
  p: GroupRequestCandidate['passengers'],
): GroupRequestCandidate => ({ journeys: j, isChangeDate: true, acceptChangeFlight: false, passengers: p });

function agree(request: GroupRequestCandidate) {
  const parsed = CreateGroupOrderBody.safeParse(request);
  const checked = checkGroupRequest(request);
  const label = JSON.stringify(request);
  if (parsed.success) {
    expect(checked, label).toEqual({ ok: true, body: parsed.data });
  } else {
    expect(checked.ok, label).toBe(false);
    const paths = checked.ok ? [] : checked.issues.map((issue) => issue.path);
    expect(paths, label).toEqual(parsed.error.issues.map((issue) => issue.path));
  }
}

describe('checkGroupRequest', () => {
  it('has the body type CreateGroupOrderBody returns', () => {
    expectTypeOf<GroupRequestBody>().toEqualTypeOf<CreateGroupOrderBody>();
  });

  it('finds what CreateGroupOrderBody finds, at the same places, in the same order', () => {
    const fine = { adult: 10, child: 10, infant: 0 };
    for (const j of journeys()) agree(candidate(j, fine));
    const leg = [{ origin: 'PEK', destination: 'SHA', date: '2026-12-01' }];
    for (const p of passengers()) agree(candidate(leg, p));
    for (const p of passengers().filter((_, i) => i % 7 === 0)) {
      agree(candidate([{ origin: 'PEK', destination: 'pek', date: undefined }], p));
    }
  });

  it('returns the body the API would take', () => {
    expect(
      checkGroupRequest(
        candidate([{ origin: ' pek', destination: 'sha ', date: '2026-12-01', remark: ' window ' }], {}),
      ),
    ).toEqual({
      ok: true,
      body: {
        journeys: [{ origin: 'PEK', destination: 'SHA', date: '2026-12-01', remark: 'window' }],
        isChangeDate: true,
        acceptChangeFlight: false,
        passengers: { adult: 10, child: 10, infant: 0 },
      },
    });
  });
});
