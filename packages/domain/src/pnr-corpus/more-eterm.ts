import type { CorpusSample } from './sample';

/** More eTerm layouts: codeshares, group sizes, mixed status codes, odd spacing. */
export const MORE_ETERM_SAMPLES: CorpusSample[] = [
  {
    name: 'eTerm: codeshare segment with a star; the operating carrier line is known',
    text: `
 1.XU/MING MR                                                     QB3Z8K
 2. *MU8501 Y   WE30DEC  PEKSHA HK1   1000 1215          E T2T2
 3.    OP-FM9101`,
    locator: 'QB3Z8K',
    segments: ['MU8501 Y 2026-12-30 PEK-SHA 10:00-12:15 HK'],
    passengers: ['XU/MING MR adult'],
  },
  {
    name: 'eTerm: five passengers and an all-letter locator after padding',
    text: `
 1.HU/AN 2.HU/BO 3.HU/CHEN 4.HU/DING 5.HU/ER                      ABCDEF
 6.  SC4651 Y   MO04JAN  TAOPEK HK5   1400 1525          E --T2`,
    locator: 'ABCDEF',
    segments: ['SC4651 Y 2027-01-04 TAO-PEK 14:00-15:25 HK'],
    passengers: ['HU/AN adult', 'HU/BO adult', 'HU/CHEN adult', 'HU/DING adult', 'HU/ER adult'],
  },
  {
    name: 'eTerm: mixed status codes HK/KK/RR on a three-leg trip',
    text: `
 1.DENG/HUA MS                                                    WR7C2N
 2.  CA1301 Y   TU29DEC  PEKCAN RR1   0800 1115          E T3T2
 3.  CZ3739 Y   SA02JAN  CANKWL KK1   1230 1345          E T2--
 4.  CZ3288 Y   WE06JAN  KWLPEK HK1   1600 1900          E --T2`,
    locator: 'WR7C2N',
    segments: [
      'CA1301 Y 2026-12-29 PEK-CAN 08:00-11:15 RR',
      'CZ3739 Y 2027-01-02 CAN-KWL 12:30-13:45 KK',
      'CZ3288 Y 2027-01-06 KWL-PEK 16:00-19:00 HK',
    ],
    passengers: ['DENG/HUA MS adult'],
    journeys: ['PEK-CAN 2026-12-29', 'CAN-KWL 2027-01-02', 'KWL-PEK 2027-01-06'],
  },
  {
    name: 'eTerm: tab characters and CRLF line ends',
    text: ' 1.LUO/QI MR\t\tYH6T3B\r\n 2.\tGS7575 Y\tTH07JAN\tTSNXIY HK1\t0705 0930\tE T2T3\r\n',
    locator: 'YH6T3B',
    segments: ['GS7575 Y 2027-01-07 TSN-XIY 07:05-09:30 HK'],
    passengers: ['LUO/QI MR adult'],
  },
  {
    name: 'eTerm: FOID for an adult and DOCS for the infant (FI) of P1',
    text: `
 1.YANG/LI MS                                                     CV4N8M
 2.  CA181  Y   FR08JAN  PEKHKG HK1   0830 1200          E T3T1
 3.XN/IN/YANG/TIANTIAN INF(MAR26)/P1
 4.SSR FOID CA HK1 NI110101199105055678/P1
 5.SSR DOCS CA HK1 P/CN/EA1234567/CN/20MAR26/FI/19MAR31/P1`,
    locator: 'CV4N8M',
    segments: ['CA181 Y 2027-01-08 PEK-HKG 08:30-12:00 HK'],
    passengers: [
      'YANG/LI MS adult NI110101199105055678',
      'YANG/TIANTIAN infant PPEA1234567 CN 2026-03-20 female 2031-03-19',
    ],
  },
  {
    name: 'eTerm: an unreadable FOID is listed against its line',
    text: `
 1.PENG/BO MR                                                     ZX2V7B
 2.  HU7601 Y   SA09JAN  PEKSYX HK1   0750 1155          E T1--
 3.SSR FOID HU HK1 XYZ/P1`,
    locator: 'ZX2V7B',
    segments: ['HU7601 Y 2027-01-09 PEK-SYX 07:50-11:55 HK'],
    passengers: ['PENG/BO MR adult'],
    unread: [4],
  },
  {
    name: 'eTerm: a birth date in DOCS follows spec §5 (above this year is the 1900s)',
    text: `
 1.OLD/TIMER MR                                                   GH5J2K
 2.  CA1501 Y   MO21DEC  PEKSHA HK1   0800 1015          E T3T2
 3.SSR DOCS CA HK1 P/US/567812345/US/01JAN45/M/01JAN30/OLD/TIMER/P1`,
    locator: 'GH5J2K',
    segments: ['CA1501 Y 2026-12-21 PEK-SHA 08:00-10:15 HK'],
    passengers: ['OLD/TIMER MR adult PP567812345 US 1945-01-01 male 2030-01-01'],
  },
];
