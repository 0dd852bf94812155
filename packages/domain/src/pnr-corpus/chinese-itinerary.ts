import type { CorpusSample } from './sample';

/**
 * Chinese e-ticket itineraries (行程单) as agencies copy them from the airline's or the booking
 * site's confirmation: labelled fields in Simplified or Traditional Chinese, names in Chinese
 * characters, airports as a Chinese name with the code in brackets, dates as yyyy-mm-dd.
 */
export const CHINESE_ITINERARY_SAMPLES: CorpusSample[] = [
  {
    name: 'itinerary (Simplified): one passenger, one field a line, ID card and terminals',
    text: `
航空运输电子客票行程单
旅客姓名：张伟
有效身份证件号码：110101198503071235
票号：781-2156789012
订座记录：JX4Y2K
航班号：MU5101
舱位：Y
日期：2026-12-12
出发：上海虹桥(SHA) 07:00 T2
到达：北京首都(PEK) 09:15 T2`,
    locator: 'JX4Y2K',
    segments: ['MU5101 Y 2026-12-12 SHA-PEK 07:00-09:15'],
    passengers: ['张/伟 adult NI110101198503071235'],
  },
  {
    name: 'itinerary (Simplified): two passengers each with an ID, full-width brackets and spaces',
    text: `
【行程单】
旅客姓名：王芳
证件号码：310104199008152047
旅客姓名：陈建国
证件号码：310115198804123014
航班号：CA1858\u3000日期：2026-12-20
出发：北京首都（PEK）\u300008:30
到达：上海浦东（PVG）\u300010:45`,
    segments: ['CA1858 2026-12-20 PEK-PVG 08:30-10:45'],
    passengers: ['王/芳 adult NI310104199008152047', '陈/建国 adult NI310115198804123014'],
  },
  {
    name: 'itinerary (Simplified): round trip as a table, two passengers on one line',
    text: `
乘机人：李娜、刘洋
航班号    日期          出发              到达
MU5137    2027-01-08    上海虹桥(SHA) 07:00    北京首都(PEK) 09:20
MU5138    2027-01-15    北京首都(PEK) 10:00    上海虹桥(SHA) 12:15`,
    segments: ['MU5137 2027-01-08 SHA-PEK 07:00-09:20', 'MU5138 2027-01-15 PEK-SHA 10:00-12:15'],
    passengers: ['李/娜 adult', '刘/洋 adult'],
    journeys: ['SHA-PEK 2027-01-08', 'PEK-SHA 2027-01-15'],
  },
  {
    name: 'itinerary (Simplified): round trip in blocks, each flight starting again at its number',
    text: `
订单详情
乘机人：赵磊
航班号：CZ3101
日期：2026-12-24
出发：广州白云(CAN) 08:00 T2
到达：北京大兴(PKX) 11:05
航班号：CZ3102
日期：2026-12-30
出发：北京大兴(PKX) 13:00
到达：广州白云(CAN) 16:10 T2`,
    segments: ['CZ3101 2026-12-24 CAN-PKX 08:00-11:05', 'CZ3102 2026-12-30 PKX-CAN 13:00-16:10'],
    passengers: ['赵/磊 adult'],
    unread: [2],
    journeys: ['CAN-PKX 2026-12-24', 'PKX-CAN 2026-12-30'],
  },
  {
    name: 'itinerary (Traditional): one passenger with a passport, 訂位代號 and 票號',
    text: `
電子機票行程單
訂位代號：KX7P2M
旅客姓名：陳大文
證件號碼：K12345678
航班號：CX347\u3000艙位：Y
日期：2027-01-05
出發：香港國際(HKG) 08:15 T1
到達：北京首都(PEK) 11:40 T3
票號：160-2345678901`,
    locator: 'KX7P2M',
    segments: ['CX347 Y 2027-01-05 HKG-PEK 08:15-11:40'],
    passengers: ['陳/大文 adult PPK12345678'],
  },
  {
    name: 'itinerary (Traditional): two passengers, round trip, dates written 年月日',
    text: `
乘機人：林志明、黃美玲
航班號：CI511
乘機日期：2027年1月20日
出發：臺北桃園(TPE) 07:50
抵達：上海浦東(PVG) 09:40
航班號：CI502
乘機日期：2027年1月27日
出發：上海浦東(PVG) 18:30
抵達：臺北桃園(TPE) 20:25`,
    segments: ['CI511 2027-01-20 TPE-PVG 07:50-09:40', 'CI502 2027-01-27 PVG-TPE 18:30-20:25'],
    passengers: ['林/志明 adult', '黃/美玲 adult'],
    journeys: ['TPE-PVG 2027-01-20', 'PVG-TPE 2027-01-27'],
  },
  {
    name: 'itinerary (Simplified): bilingual labels of the official itinerary, overnight arrival',
    text: `
旅客姓名 NAME OF PASSENGER：马丽
航班号 FLIGHT：CZ6902\u3000日期 DATE：2026-12-18
出发 FROM：乌鲁木齐地窝堡(URC) 23:10
到达 TO：北京大兴(PKX) 03:20+1`,
    segments: ['CZ6902 2026-12-18 URC-PKX 23:10-03:20+1'],
    passengers: ['马/丽 adult'],
  },
  {
    name: 'itinerary (Simplified): one itinerary per passenger pasted together keeps the flight once',
    text: `
旅客姓名：欧阳娜娜
票号：880-1234567890
航班号：HU7181 日期：2026-12-23 出发：北京首都(PEK) 07:30 到达：海口美兰(HAK) 11:20
旅客姓名：欧阳小宇（儿童）
票号：880-1234567891
航班号：HU7181 日期：2026-12-23 出发：北京首都(PEK) 07:30 到达：海口美兰(HAK) 11:20`,
    segments: ['HU7181 2026-12-23 PEK-HAK 07:30-11:20'],
    passengers: ['欧阳/娜娜 adult', '欧阳/小宇 child'],
  },
  {
    name: 'itinerary (Simplified): separate time fields and an infant',
    text: `
乘机人：孙丽（成人）、孙宝宝（婴儿）
航班号：3U8881
起飞日期：2027-02-03
出发机场：成都天府(TFU)
到达机场：深圳宝安(SZX)
起飞时间：09:05
到达时间：11:35`,
    segments: ['3U8881 2027-02-03 TFU-SZX 09:05-11:35'],
    passengers: ['孙/丽 adult', '孙/宝宝 infant'],
  },
  {
    name: 'itinerary (Simplified): a flight without a date is listed, not guessed',
    text: `
旅客姓名：周杰
航班号：MU2155
出发：西安咸阳(XIY) 10:00
到达：上海虹桥(SHA) 12:10`,
    segments: [],
    passengers: ['周/杰 adult'],
    unread: [3, 4, 5],
  },
];
