/** A sleep that can be cut short: by a notification, by new work, or by stop(). */
export class Waiter {
  private pending: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
  /** A wake that came while nobody waited (a NOTIFY during the relay's publishing): the next wait returns at once. */
  private woken = false;

  wait(ms: number): Promise<void> {
    this.release();
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending = null;
        resolve();
      }, ms);
      this.pending = { timer, resolve };
    });
  }

  wake(): void {
    if (!this.release()) this.woken = true;
  }

  private release(): boolean {
    if (!this.pending) return false;
    clearTimeout(this.pending.timer);
    this.pending.resolve();
    this.pending = null;
    return true;
  }
}
