import type { CorpusSample } from './sample';

/** Amadeus, Sabre and Travelport (Galileo) displays. */
export const GDS_SAMPLES: CorpusSample[] = [
  {
    name: 'Amadeus: header locator, arrival date column and *1A/E* tails',
    text: `
RP/PEKCA2100/PEKCA2100            AA/SU  22NOV26/0101Z   ABC123
  1.ZHANG/SAN MR  2.LI/SI MS
  3  CA 981 Y 05JAN 2 PEKJFK HK2  1300 1420  05JAN  E  CA/ABC123
  4  CA 982 Y 10JAN 7 JFKPEK HK2  1630 1930+1 *1A/E*
  5 AP PEK 010-12345678 - A
  6 TK OK22NOV/PEKCA2100
  7 SSR DOCS CA HK1 P/CHN/E12345678/CHN/15MAR85/M/20AUG31/ZHANG/SAN/P1`,
    locator: 'ABC123',
    segments: ['CA981 Y 2027-01-05 PEK-JFK 13:00-14:20 HK', 'CA982 Y 2027-01-10 JFK-PEK 16:30-19:30+1 HK'],
    passengers: ['ZHANG/SAN MR adult PPE12345678 CHN 1985-03-15 male 2031-08-20', 'LI/SI MS adult'],
  },
  {
    name: 'Amadeus: infant on the adult and a child note, two-digit years',
    text: `
  1.ZHOU/JIE MR(INFZHOU/BAOBAO/10JAN26)   2.ZHOU/XIAOXIAO(CHD/05MAY18)
  3  MU 583 Y 12JAN27 2 PVGLAX HK2  1930 1520   *1A/E*
  4  MU 586 Y 26JAN27 2 LAXPVG HK2  0120 0700+1 *1A/E*`,
    segments: ['MU583 Y 2027-01-12 PVG-LAX 19:30-15:20 HK', 'MU586 Y 2027-01-26 LAX-PVG 01:20-07:00+1 HK'],
    passengers: ['ZHOU/JIE MR adult', 'ZHOU/BAOBAO infant', 'ZHOU/XIAOXIAO child'],
  },
  {
    name: 'Amadeus: multi-city of three journeys with an unknown element listed',
    text: `
  1.KIM/MINJI MS
  2  KE 852 Y 08JAN 5 PEKICN HK1  1320 1620  *1A/E*
  3  KE 703 Y 12JAN 2 ICNNRT HK1  0905 1125  *1A/E*
  4  NH 959 Y 18JAN 1 NRTPEK HK1  1740 2100  *1A/E*
  5 XZ SOMETHING UNKNOWN`,
    segments: [
      'KE852 Y 2027-01-08 PEK-ICN 13:20-16:20 HK',
      'KE703 Y 2027-01-12 ICN-NRT 09:05-11:25 HK',
      'NH959 Y 2027-01-18 NRT-PEK 17:40-21:00 HK',
    ],
    passengers: ['KIM/MINJI MS adult'],
    unread: [6],
    journeys: ['PEK-ICN 2027-01-08', 'ICN-NRT 2027-01-12', 'NRT-PEK 2027-01-18'],
  },
  {
    name: 'Amadeus: SRDOCS with dashes and an FOID passport',
    text: `
  1.TANAKA/HIROSHI MR  2.TANAKA/YUKI MRS
  3  JL  20 Y 15JAN 5 PEKHND HK2  0830 1300  *1A/E*
  4 SRDOCS JL HK1-P-JPN-TK1234567-JPN-03APR75-M-01DEC29-TANAKA-HIROSHI/P1
  5 SSR FOID JL HK1 PPTK7654321/P2`,
    segments: ['JL20 Y 2027-01-15 PEK-HND 08:30-13:00 HK'],
    passengers: [
      'TANAKA/HIROSHI MR adult PPTK1234567 JPN 1975-04-03 male 2029-12-01',
      'TANAKA/YUKI MRS adult PPTK7654321',
    ],
  },
  {
    name: 'Amadeus: connection within a day is one journey (overnight at the hub)',
    text: `
  1.BROWN/EMMA MS
  2  CX 347 Y 05JAN 2 HKGPEK HK1  0815 1140  *1A/E*
  3  CA 837 Y 05JAN 2 PEKFCO HK1  2350 0535+1 *1A/E*`,
    segments: ['CX347 Y 2027-01-05 HKG-PEK 08:15-11:40 HK', 'CA837 Y 2027-01-05 PEK-FCO 23:50-05:35+1 HK'],
    passengers: ['BROWN/EMMA MS adult'],
    journeys: ['HKG-FCO 2027-01-05'],
  },
  {
    name: 'Sabre: 1.1 names, joined class, #1 next-day arrival, /DC tails',
    text: `
 1.1ZHANG/SAN MR  2.1LI/SI MS
 1 CA 981Y 05JAN 2 PEKJFK HK2  1300  1420  /DCCA*ABC123 /E
 2 UA 888Y 12JAN 2 SFOPEK HK2  1120  2015#1 /DCUA*XYZ987 /E
TKT/TIME LIMIT
  1.TAW22NOV/
PHONES
  1.PEK010-12345678-A
RECEIVED FROM - ZHANG`,
    segments: ['CA981 Y 2027-01-05 PEK-JFK 13:00-14:20 HK', 'UA888 Y 2027-01-12 SFO-PEK 11:20-20:15+1 HK'],
    passengers: ['ZHANG/SAN MR adult', 'LI/SI MS adult'],
    journeys: ['PEK-JFK 2027-01-05', 'SFO-PEK 2027-01-12'],
  },
  {
    name: 'Sabre: several given names under one surname, child *C05 and infant I/',
    text: `
 1.2WONG/KAMING MR/MEI MRS  2.1WONG/TSZ*C05  3.1I/WONG/BABY*10JUN26
 1 CX 400Y 20DEC 7 HKGTPE HK3  0825  1015  /DCCX*QWE123 /E`,
    segments: ['CX400 Y 2026-12-20 HKG-TPE 08:25-10:15 HK'],
    passengers: ['WONG/KAMING MR adult', 'WONG/MEI MRS adult', 'WONG/TSZ child', 'WONG/BABY infant'],
  },
  {
    name: 'Sabre: twelve-hour times with A and P, /1 next day',
    text: `
 1.1DAVIS/MARK MR
 1 AA 100Y 15JAN 5 JFKLHR HK1   630P  640A/1 /DCAA*LKJ321 /E
 2 BA  11Y 16JAN 6 LHRSIN HK1  1210P  810A#1 /DCBA*LKJ321 /E`,
    segments: ['AA100 Y 2027-01-15 JFK-LHR 18:30-06:40+1 HK', 'BA11 Y 2027-01-16 LHR-SIN 12:10-08:10+1 HK'],
    passengers: ['DAVIS/MARK MR adult'],
    journeys: ['JFK-SIN 2027-01-15'],
  },
  {
    name: 'Sabre: +1 marker as its own column',
    text: `
 1.1NGUYEN/AN MR
 1 VN 513Y 09JAN 6 SGNPEK HK1  0100  0650 +1 /E`,
    segments: ['VN513 Y 2027-01-09 SGN-PEK 01:00-06:50+1 HK'],
    passengers: ['NGUYEN/AN MR adult'],
  },
  {
    name: 'Galileo: *ADT/*CHD/*INF markers and the # next-day arrival',
    text: `
 1.1CHAN/TAIMAN MR*ADT  2.1CHAN/SIUMING*CHD  3.1CHAN/BB*INF
 1. CX  880 Y  10JAN HKGLAX HK2  1155  #0810  O*         SU   E
 2. CX  881 Y  24JAN LAXHKG HK2  1150  #1925  O*         SU   E
FONE-HKGT*852 2345 6789
TKTG-TAU/22NOV`,
    segments: ['CX880 Y 2027-01-10 HKG-LAX 11:55-08:10+1 HK', 'CX881 Y 2027-01-24 LAX-HKG 11:50-19:25+1 HK'],
    passengers: ['CHAN/TAIMAN MR adult', 'CHAN/SIUMING child', 'CHAN/BB infant'],
  },
  {
    name: 'Galileo: segment numbers without a dot and joined class',
    text: `
 1.1LEE/JIHOON MR
 1 OZ 334Y 02JAN PEKICN HK1  1450  1750  O*  SA  E
 2 OZ 333Y 06JAN ICNPEK HK1  1230  1345  O*  WE  E`,
    segments: ['OZ334 Y 2027-01-02 PEK-ICN 14:50-17:50 HK', 'OZ333 Y 2027-01-06 ICN-PEK 12:30-13:45 HK'],
    passengers: ['LEE/JIHOON MR adult'],
  },
  {
    name: 'Galileo: a segment line with a bad time is listed, the good one read',
    text: `
 1.1PATEL/RAJ MR
 1. AI 349 Y  20DEC DELPEK HK1  2510  0600  O*  SU E
 2. AI 348 Y  28DEC PEKDEL HK1  0930  1410  O*  MO E`,
    segments: ['AI348 Y 2026-12-28 PEK-DEL 09:30-14:10 HK'],
    passengers: ['PATEL/RAJ MR adult'],
    unread: [3],
  },
];
