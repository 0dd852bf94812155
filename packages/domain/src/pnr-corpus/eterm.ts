import type { CorpusSample } from './sample';

/** TravelSky eTerm displays (RT), as agents copy them from the terminal window. */
export const ETERM_SAMPLES: CorpusSample[] = [
  {
    name: 'eTerm: two adults on one name line, weekday dates, padded columns, terminals',
    text: `
 1.ZHANG/SAN MR 2.LI/SI MS                                       JX4Y2K
 3.  CA1501 Y   MO21DEC  PEKSHA HK2   0800 1015          E T3T2
 4.  MU5102 Y   FR25DEC  SHAPEK HK2   1900 2120          E T2T2
 5.PEK/T PEK/T 010-64573899/BEIJING SKYWAY TRAVEL/ZHANG LI ABCDEFG
 6.TL/0600/20DEC/PEK123
 7.SSR FOID CA HK1 NI110101198001011234/P1
 8.SSR FOID MU HK1 NI110101198202022345/P2
 9.OSI CA CTCT13800138000
10.RMK CA/NXQ8B2
11.PEK123`,
    locator: 'JX4Y2K',
    segments: ['CA1501 Y 2026-12-21 PEK-SHA 08:00-10:15 HK', 'MU5102 Y 2026-12-25 SHA-PEK 19:00-21:20 HK'],
    passengers: ['ZHANG/SAN MR adult NI110101198001011234', 'LI/SI MS adult NI110101198202022345'],
  },
  {
    name: 'eTerm: three passengers with a child, RR status',
    text: `
 1.WANG/WU MR 2.WANG/LIULIU MS 3.WANG/XIAOMING CHD                    KT6MN2
 4.  CZ3101 W   TU05JAN  CANPEK RR3   0800 1105          E T2T3
 5.TL/1200/02JAN/CAN456
 6.SSR CHLD CZ HK1 05MAY18/P3
 7.CAN456`,
    locator: 'KT6MN2',
    segments: ['CZ3101 W 2027-01-05 CAN-PEK 08:00-11:05 RR'],
    passengers: ['WANG/WU MR adult', 'WANG/LIULIU MS adult', 'WANG/XIAOMING child'],
  },
  {
    name: 'eTerm: infant element XN/IN with its SSR INFT',
    text: `
 1.CHEN/JING MS                                                   MP2QW7
 2.  HU7181 Y   WE23DEC  PEKHAK KK1   0730 1120          E T1--
 3.XN/IN/CHEN/BAOBAO INF(MAY26)/P1
 4.SSR INFT HU HK1 CHEN/BAOBAO 10MAY26/P1
 5.SSR FOID HU HK1 NI440101199003033456/P1
 6.TL/1200/20DEC/PEK123`,
    locator: 'MP2QW7',
    segments: ['HU7181 Y 2026-12-23 PEK-HAK 07:30-11:20 KK'],
    passengers: ['CHEN/JING MS adult NI440101199003033456', 'CHEN/BAOBAO infant'],
  },
  {
    name: 'eTerm: four passengers over two name lines, connection overnight',
    text: `
 1.LIU/YANG MR 2.LIU/FANG MS 3.ZHAO/LEI MR
 4.ZHAO/MEI MS                                                    HZ9R4D
 5.  CA1831 Y   SA26DEC  PEKCTU HK4   2130 0055+1        E T3T1
 6.  3U8701 Y   SU27DEC  CTUKMG HK4   0900 1030          E T1--
 7.SSR FOID CA HK1 PPE12345678/P3`,
    locator: 'HZ9R4D',
    segments: ['CA1831 Y 2026-12-26 PEK-CTU 21:30-00:55+1 HK', '3U8701 Y 2026-12-27 CTU-KMG 09:00-10:30 HK'],
    passengers: [
      'LIU/YANG MR adult',
      'LIU/FANG MS adult',
      'ZHAO/LEI MR adult PPE12345678',
      'ZHAO/MEI MS adult',
    ],
    journeys: ['PEK-KMG 2026-12-26'],
  },
  {
    name: 'eTerm: passport holder with SSR DOCS, international round trip',
    text: `
 1.SMITH/JOHN MR                                                  PQ7H2M
 2.  CA931  C   TH07JAN  PEKFRA HK1   0135 0555          E T3T1
 3.  CA932  C   TH14JAN  FRAPEK HK1   1300 0530+1        E T1T3
 4.SSR DOCS CA HK1 P/GB/533412988/GB/12MAY80/M/15JAN30/SMITH/JOHN/P1
 5.OSI CA CTCM8613900139000/P1
 6.TL/2200/05JAN/PEK123`,
    locator: 'PQ7H2M',
    segments: ['CA931 C 2027-01-07 PEK-FRA 01:35-05:55 HK', 'CA932 C 2027-01-14 FRA-PEK 13:00-05:30+1 HK'],
    passengers: ['SMITH/JOHN MR adult PP533412988 GB 1980-05-12 male 2030-01-15'],
    journeys: ['PEK-FRA 2027-01-07', 'FRA-PEK 2027-01-14'],
  },
  {
    name: 'eTerm: Chinese-name line is listed as unread, never dropped',
    text: `
 1.张三 2.李四                                                   RT5K8L
 3.  ZH9811 Y   MO28DEC  SZXPEK HK2   1000 1320          E T3T3`,
    segments: ['ZH9811 Y 2026-12-28 SZX-PEK 10:00-13:20 HK'],
    passengers: [],
    unread: [2],
  },
  {
    name: 'eTerm: a one-digit weekday-prefixed day and a locator after three spaces',
    text: ` 1.HE/PING MR   LW3D9S
 2.  MF8001 Y   TU5JAN  XMNPEK HK1   0700 0950          E --T3`,
    locator: 'LW3D9S',
    segments: ['MF8001 Y 2027-01-05 XMN-PEK 07:00-09:50 HK'],
    passengers: ['HE/PING MR adult'],
  },
  {
    name: 'eTerm: open-jaw with an ARNK surface segment listed',
    text: `
 1.SUN/LI MS                                                     GD2P6Q
 2.  CA1557 Y   WE06JAN  PEKSHA HK1   0900 1115          E T3T2
 3.    ARNK              SHAHGH
 4.  MU5131 Y   FR08JAN  HGHPEK HK1   1400 1610          E T3T2`,
    locator: 'GD2P6Q',
    segments: ['CA1557 Y 2027-01-06 PEK-SHA 09:00-11:15 HK', 'MU5131 Y 2027-01-08 HGH-PEK 14:00-16:10 HK'],
    passengers: ['SUN/LI MS adult'],
    unread: [4],
  },
  {
    name: 'eTerm: child marked (CHD) note and an infant note on the adult',
    text: `
 1.GAO/FENG MR(INFGAO/XIAOBAO/12JUN26) 2.GAO/XIAOYU(CHD/03MAR19)  NB8F3R
 3.  CA1401 Y   TH31DEC  PEKCTU HK2   1230 1535          E T3T2`,
    locator: 'NB8F3R',
    segments: ['CA1401 Y 2026-12-31 PEK-CTU 12:30-15:35 HK'],
    passengers: ['GAO/FENG MR adult', 'GAO/XIAOBAO infant', 'GAO/XIAOYU child'],
  },
  {
    name: 'eTerm: electronic ticket banner, fare lines and ticket numbers are known lines',
    text: `
**ELECTRONIC TICKET PNR**
 1.MA/LIN MS                                                     FS4J7X
 2.  FM9305 Y   SU03JAN  SHAXIY HK1   1615 1845          E T2T3
 3.FC/A/03JAN27/SHA FM XIY 1080.00Y CNY1080.00END
 4.FN/A/FCNY1080.00/SCNY1080.00/C0.00/XCNY50.00/TCNY50.00CN/ACNY1130.00
 5.FP/CASH,CNY
 6.SSR TKNE FM HK1 SHAXIY 9305 Y03JAN 7812345678901/1/P1
 7.PEK123`,
    locator: 'FS4J7X',
    segments: ['FM9305 Y 2027-01-03 SHA-XIY 16:15-18:45 HK'],
    passengers: ['MA/LIN MS adult'],
  },
];
