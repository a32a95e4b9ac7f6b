/** A sleep that can be cut short: by a notification, by new work, or by stop(). */
export class Waiter {
  private pending: { timer: NodeJS.Timeout; resolve: () => void } | null = null;

  wait(ms: number): Promise<void> {
    this.wake();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending = null;
        resolve();
      }, ms);
      this.pending = { timer, resolve };
    });
  }

  wake(): void {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    this.pending.resolve();
    this.pending = null;
  }
}
