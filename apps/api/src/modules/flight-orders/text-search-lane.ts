import pLimit from 'p-limit';

/** Runs `read` when its turn comes: at most the lane's size at once, the others waiting in order. */
export type TextSearchLane = <T>(read: () => Promise<T>) => Promise<T>;

/**
 * The lane order list searches for part of a text go through (a passenger's name, a ticket or
 * flight number, part of a booking number, a contact). Each costs the database two to three times
 * a list page (a trigram scan, every match checked in the table), so two agents searching by name
 * back to back took a third of the cores from everyone paging beside them. Through the lane at most
 * `atOnce` run at a time on this instance and the rest wait their turn in arrival order: a burst of
 * name searches slows the searches themselves, not the pages, lookups and tabs of the other agents.
 */
export function textSearchLane(atOnce: number): TextSearchLane {
  const limit = pLimit(atOnce);
  return (read) => limit(read);
}
