import type { CorpusSample } from './sample';

/** Itineraries typed or pasted by hand, and e-ticket receipts in English and Chinese. */
export const FREE_TEXT_SAMPLES: CorpusSample[] = [
  {
    name: 'free text: the issue line with a two-digit year and a time range',
    text: 'Flight CX347 05JAN27 HKG-PEK 08:15-11:40',
    segments: ['CX347 2027-01-05 HKG-PEK 08:15-11:40'],
    passengers: [],
  },
  {
    name: 'free text: four-digit year, spaced airports, times apart',
    text: 'CA981 PEK JFK 05JAN2027 13:00 14:20',
    segments: ['CA981 2027-01-05 PEK-JFK 13:00-14:20'],
    passengers: [],
  },
  {
    name: 'free text: ISO dates and a return',
    text: `
MU583 2027-01-12 PVG-LAX 19:30-15:20
MU586 2027-01-26 LAX-PVG 01:20-07:00+1`,
    segments: ['MU583 2027-01-12 PVG-LAX 19:30-15:20', 'MU586 2027-01-26 LAX-PVG 01:20-07:00+1'],
    passengers: [],
    journeys: ['PVG-LAX 2027-01-12', 'LAX-PVG 2027-01-26'],
  },
  {
    name: 'free text: year-less date in the past this year takes next year',
    text: 'HO1253 10NOV SHA-CTU 0900-1220',
    segments: ['HO1253 2027-11-10 SHA-CTU 09:00-12:20'],
    passengers: [],
  },
  {
    name: 'free text: year-less date later this year stays this year, lower case',
    text: 'ca1301 30nov pek-can 08:00-11:15',
    segments: ['CA1301 2026-11-30 PEK-CAN 08:00-11:15'],
    passengers: [],
  },
  {
    name: 'free text: today itself counts as the next occurrence',
    text: 'CZ6101 22NOV CAN-PEK',
    segments: ['CZ6101 2026-11-22 CAN-PEK'],
    passengers: [],
  },
  {
    name: 'free text: arrow and TO between airports, multi-city',
    text: `
Flight SQ801 on 03JAN27 PEK -> SIN 16:05-22:40
Flight SQ212 on 07JAN27 SIN to SYD 20:25-06:10+1
Flight QF107 on 15JAN27 SYD to PEK 11:10-19:25`,
    segments: [
      'SQ801 2027-01-03 PEK-SIN 16:05-22:40',
      'SQ212 2027-01-07 SIN-SYD 20:25-06:10+1',
      'QF107 2027-01-15 SYD-PEK 11:10-19:25',
    ],
    passengers: [],
    journeys: ['PEK-SIN 2027-01-03', 'SIN-SYD 2027-01-07', 'SYD-PEK 2027-01-15'],
  },
  {
    name: 'free text: an impossible date is listed, not guessed',
    text: `
CA1501 31FEB27 PEK-SHA 08:00-10:15
CA1502 05MAR27 SHA-PEK 12:00-14:15`,
    segments: ['CA1502 2027-03-05 SHA-PEK 12:00-14:15'],
    passengers: [],
    unread: [2],
  },
  {
    name: 'free text: numbered names and a leap day next occurrence',
    text: `
1.ZHAO/YUN MR 2.ZHAO/XUE MS
3U8888 29FEB CTU-PEK 07:00-09:40`,
    segments: ['3U8888 2028-02-29 CTU-PEK 07:00-09:40'],
    passengers: ['ZHAO/YUN MR adult', 'ZHAO/XUE MS adult'],
  },
  {
    name: 'free text: a note line among flights is listed',
    text: `
Please book these for my boss
Flight CX347 05JAN27 HKG-PEK 08:15-11:40`,
    segments: ['CX347 2027-01-05 HKG-PEK 08:15-11:40'],
    passengers: [],
    unread: [2],
  },
  {
    name: 'receipt (English): passenger and flight rows in a table',
    text: `
ELECTRONIC TICKET ITINERARY RECEIPT
Passenger Name: ZHANG/SAN MR
Ticket Number: 999-1234567890
Booking Reference: JX4Y2K
Flight   Class  Date      From  To    Depart  Arrive  Status
CA1501   Y      21DEC26   PEK   SHA   08:00   10:15   OK
CA1502   Y      28DEC26   SHA   PEK   12:00   14:15   OK
Fare: CNY 2160.00`,
    segments: ['CA1501 Y 2026-12-21 PEK-SHA 08:00-10:15', 'CA1502 Y 2026-12-28 SHA-PEK 12:00-14:15'],
    passengers: ['ZHANG/SAN MR adult'],
    unread: [6],
  },
  {
    name: 'receipt (English): labelled fields on one line',
    text: `
Passenger: SMITH/JANE MS
Flight: BA39 Date: 11JAN27 From: LHR To: PEK Departure: 16:10 Arrival: 09:40+1`,
    segments: ['BA39 2027-01-11 LHR-PEK 16:10-09:40+1'],
    passengers: ['SMITH/JANE MS adult'],
  },
  {
    name: 'receipt (Simplified Chinese): 行程单 with airports named in Chinese',
    text: `
航空运输电子客票行程单
旅客姓名 Name: LI/SI MS
电子客票号码 E-Ticket No: 781-2345678901
航班 Flight  承运人 Carrier  日期 Date  起飞 Dep  到达 Arr
CA1501  国航  2026-12-21  北京首都PEK  上海虹桥SHA  08:00  10:15
合计 Total: CNY 1130.00`,
    segments: ['CA1501 2026-12-21 PEK-SHA 08:00-10:15'],
    passengers: ['LI/SI MS adult'],
  },
  {
    name: 'receipt (Traditional Chinese): 電子客票 with labels before each value',
    text: `
電子客票行程確認
旅客姓名 Name: CHAN/TAIMAN MR
航班 Flight: CX347  日期 Date: 05JAN27  出發 From: HKG  抵達 To: PEK  08:15-11:40
票號 Ticket: 160-1234567890`,
    segments: ['CX347 2027-01-05 HKG-PEK 08:15-11:40'],
    passengers: ['CHAN/TAIMAN MR adult'],
  },
  {
    name: 'receipt (Simplified Chinese): child and infant passengers with markers',
    text: `
旅客姓名 Name: HUANG/XIAOHONG*CHD
旅客姓名 Name: HUANG/XIAOBAO*INF
航班 Flight: MU5137  日期 Date: 2027-01-20  上海虹桥 SHA  北京首都 PEK  07:00-09:20`,
    segments: ['MU5137 2027-01-20 SHA-PEK 07:00-09:20'],
    passengers: ['HUANG/XIAOHONG child', 'HUANG/XIAOBAO infant'],
  },
];
