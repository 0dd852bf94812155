import { DEFAULT_AGENCY_TIME_ZONE, todayIn } from '@portal/domain/time-zone-names';
import { useSessionStore } from '../stores/session-store';

/**
 * The signed-in agency's calendar day (`YYYY-MM-DD`) in its own time zone: the "today" the API
 * judges journeys and passengers against. A browser in another zone (or an agent travelling)
 * would otherwise offer yesterday's flights or refuse a baby born today in the agency's calendar.
 */
export function useAgencyToday(): string {
  const timeZone = useSessionStore((s) => s.company?.timeZone ?? DEFAULT_AGENCY_TIME_ZONE);
  return todayIn(timeZone);
}
