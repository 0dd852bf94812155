import { AIRLINE_ROWS } from './generated/airlines-data';
import type { Airline } from './types';

export type { Airline } from './types';

const ALLIANCES = ['Star Alliance', 'oneworld', 'SkyTeam'] as const;
type Alliance = (typeof ALLIANCES)[number];
const isAlliance = (value: string): value is Alliance => (ALLIANCES as readonly string[]).includes(value);

const AIRLINES = new Map<string, Airline>(
  AIRLINE_ROWS.map(([code, shortName, zh, zhHant, ticketPrefix, alliance]) => [
    code,
    {
      code,
      shortName,
      chineseShortName: zh || shortName,
      traditionalShortName: zhHant || zh || shortName,
      ticketPrefix,
      ...(isAlliance(alliance) ? { alliance } : {}),
    },
  ]),
);

/** The airline with this IATA two-character code (any case), or undefined. */
export function getAirline(code: string): Airline | undefined {
  return AIRLINES.get(code.trim().toUpperCase());
}

/** Every airline known to OPTD that flies a route or has a reviewed Chinese name, by code. */
export function allAirlines(): Airline[] {
  return [...AIRLINES.values()];
}
