import { DEFAULT_AGENCY_TIME_ZONE, monthIn } from '@portal/domain/time-zone-names';
import { useSessionStore } from '../stores/session-store';

/**
 * The signed-in agency's current month (`YYYY-MM`) in its own time zone: the month its statements
 * are cut in. A browser elsewhere (or in UTC late on a month's last day) would otherwise open the
 * statements on another month than the agency's.
 */
export function useAgencyMonth(): string {
  const timeZone = useSessionStore((s) => s.company?.timeZone ?? DEFAULT_AGENCY_TIME_ZONE);
  return monthIn(timeZone);
}
