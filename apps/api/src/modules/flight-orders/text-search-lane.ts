/**
 * The lane order list searches for part of a text go through (a passenger's name, a ticket or
 * flight number, part of a booking number, a contact). Each costs the database two to three times
 * a list page (a trigram scan, every match checked in the table), so two agents searching by name
 * back to back took a third of the cores from everyone paging beside them.
 *
 * While other list reads are under way, at most `atOnce` searches run and the rest wait their turn
 * in arrival order: a burst of name searches slows the searches, not the pages, lookups and tabs of
 * the agents beside them. With no other read under way the lane is open (searches alone have no one
 * to make room for), and it narrows again as soon as one starts.
 */
export class TextSearchLane {
  private searching = 0;
  private others = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce: number) {}

  /** A search for part of a text: now if the lane has room and no one waits before it, else in turn. */
  async search<T>(read: () => Promise<T>): Promise<T> {
    if (this.waiting.length === 0 && this.hasRoom()) this.searching += 1;
    // `admit` counts it as searching before letting it go, so no two are let into one place.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await read();
    } finally {
      this.searching -= 1;
      this.admit();
    }
  }

  /** Any other read of the list: never waits; while it runs, searches keep to the lane's width. */
  async other<T>(read: () => Promise<T>): Promise<T> {
    this.others += 1;
    try {
      return await read();
    } finally {
      this.others -= 1;
      this.admit();
    }
  }

  private hasRoom(): boolean {
    return this.searching < this.atOnce || this.others === 0;
  }

  private admit(): void {
    while (this.waiting.length > 0 && this.hasRoom()) {
      this.searching += 1;
      this.waiting.shift()?.();
    }
  }
}
