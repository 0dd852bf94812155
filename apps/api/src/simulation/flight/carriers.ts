import { getAirline } from '@portal/reference-data/airlines';

/**
 * Low-cost carriers sold by the LCC source (checked bags paid). Chosen from well-known LCCs with
 * OPTD routes: China (9C Spring, AQ 9 Air, KN China United, PN West Air, UQ Urumqi Air, 8L Lucky Air),
 * Asia-Pacific (TR, AK, D7, FD, QZ, 3K, JQ, GK, VJ, 5J, Z2, 7C, LJ, TW, ZE, BX, MM, UO, IT, 6E, SG),
 * Europe (U2, FR, W6, VY, HV, DY) and the Americas (NK, F9, G4, Y4, VB).
 */
export const LOW_COST_CARRIERS: ReadonlySet<string> = new Set([
  '9C',
  'AQ',
  'KN',
  'PN',
  'UQ',
  '8L',
  'TR',
  'AK',
  'D7',
  'FD',
  'QZ',
  '3K',
  'JQ',
  'GK',
  'VJ',
  '5J',
  'Z2',
  '7C',
  'LJ',
  'TW',
  'ZE',
  'BX',
  'MM',
  'UO',
  'IT',
  '6E',
  'SG',
  'U2',
  'FR',
  'W6',
  'VY',
  'HV',
  'DY',
  'NK',
  'F9',
  'G4',
  'Y4',
  'VB',
]);

/** Full-service carriers with NDC distribution beyond the alliances (Chinese majors and Gulf carriers). */
const NDC_NON_ALLIANCE = new Set(['HU', 'HO', 'GS', 'JD', 'EK', 'EY', 'QR', 'FM']);

export const isLowCost = (carrier: string) => LOW_COST_CARRIERS.has(carrier);

/** Full-service: any carrier that is not a low-cost one. */
export const isFullService = (carrier: string) => !LOW_COST_CARRIERS.has(carrier);

/** NDC content: alliance members and a few large independents. */
export const sellsNdc = (carrier: string) =>
  isFullService(carrier) && (getAirline(carrier)?.alliance !== undefined || NDC_NON_ALLIANCE.has(carrier));
