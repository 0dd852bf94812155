/** A time-of-day band of spec §9, in minutes after local midnight: `from` inclusive, `to` exclusive. */
export interface TimeBand {
  key: TimeBandKey;
  from: number;
  to: number;
}

export type TimeBandKey = 'early' | 'morning' | 'afternoon' | 'evening';

/** Spec §9 bands 00:00-06:00, 06:00-12:00, 12:00-18:00, 18:00-24:00; a boundary starts the next band. */
export const TIME_BANDS: readonly TimeBand[] = [
  { key: 'early', from: 0, to: 360 },
  { key: 'morning', from: 360, to: 720 },
  { key: 'afternoon', from: 720, to: 1080 },
  { key: 'evening', from: 1080, to: 1440 },
];

const LOCAL_TIME = /^(?:\d{4}-\d{2}-\d{2}[T ])?(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** Minutes after midnight of a local `HH:mm` or `YYYY-MM-DDTHH:mm[:ss]`; undefined if malformed. */
export function minutesOfDay(localTime: string): number | undefined {
  const match = LOCAL_TIME.exec(localTime.trim());
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : undefined;
}

/** The band a local departure or arrival time falls in (06:00 is morning); undefined if malformed. */
export function timeBandOf(localTime: string): TimeBandKey | undefined {
  const minutes = minutesOfDay(localTime);
  if (minutes === undefined) return undefined;
  return TIME_BANDS.find((band) => minutes >= band.from && minutes < band.to)?.key;
}
