/**
 * Flight categories for the price adjustment of spec §3: every point in mainland China (ISO `CN`;
 * Hong Kong, Macao and Taiwan have codes of their own), else every point in one country, else on
 * one continent, else intercontinental.
 */
export type FlightCategory = 'china' | 'domestic' | 'intra-continental' | 'intercontinental';

export const FLIGHT_CATEGORIES: readonly FlightCategory[] = [
  'china',
  'domestic',
  'intra-continental',
  'intercontinental',
];

export type Continent = 'AF' | 'AN' | 'AS' | 'EU' | 'NA' | 'OC' | 'SA';

/**
 * ISO 3166-1 alpha-2 codes by continent: the 249 assigned codes plus XK (Kosovo, which airline
 * data uses). Decisions for transcontinental places: RU and CY are EU (their people and main
 * airports); TR, GE, AM, AZ and KZ are AS (most of their land); EG is AF; Central America and the
 * Caribbean are NA; overseas territories go with the continent they lie on or near.
 */
const CONTINENT_CODES: Record<Continent, string> = {
  AF:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU ' +
    'MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  AN: 'AQ BV GS HM TF',
  AS:
    'AE AF AM AZ BD BH BN BT CC CN CX GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO ' +
    'MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TR TW UZ VN YE',
  EU:
    'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV ' +
    'MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK',
  NA:
    'AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR ' +
    'SV SX TC TT US VC VG VI',
  OC: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
  SA: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
};

const CONTINENT_OF: ReadonlyMap<string, Continent> = new Map(
  Object.entries(CONTINENT_CODES).flatMap(([continent, codes]) =>
    codes.split(' ').map((code) => [code, continent as Continent] as const),
  ),
);

/** The continent of an ISO 3166-1 alpha-2 country code (any case); undefined for an unknown code. */
export function continentOf(countryCode: string): Continent | undefined {
  return CONTINENT_OF.get(countryCode.trim().toUpperCase());
}

export interface CategoryPoint {
  countryCode: string;
  /** Taken from `continentOf(countryCode)` when absent. */
  continent?: string;
}

/**
 * The category of a flight or journey from the countries of all its points (origin, stops,
 * destination). A point whose continent is unknown makes the flight intercontinental unless
 * everything is in one country, so an unmapped code never earns a cheaper regional price.
 */
export function flightCategory(points: readonly CategoryPoint[]): FlightCategory {
  if (points.length === 0) throw new RangeError('A flight category needs at least one point');
  const countries = new Set(points.map((p) => p.countryCode.trim().toUpperCase()));
  if (countries.size === 1) return countries.has('CN') ? 'china' : 'domestic';
  const continents = points.map((p) => p.continent?.trim().toUpperCase() || continentOf(p.countryCode));
  if (continents.some((c) => c === undefined)) return 'intercontinental';
  return new Set(continents).size === 1 ? 'intra-continental' : 'intercontinental';
}
