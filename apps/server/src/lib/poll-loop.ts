/**
 * The loop of a background sender (the mail outbox, the campaigns): a turn at once, then one
 * `pollMs` after each has ended, never two at a time. A failed turn goes to `onError` and the
 * loop goes on; the timer does not keep the process alive. `stop()` ends the loop and waits
 * for the turn in progress. A turn may ask `stopped()` to end early.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly turn: (stopped: () => boolean) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(pollMs: number): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.tick(pollMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async tick(pollMs: number): Promise<void> {
    if (this.stopped) return;
    try {
      this.running = this.turn(() => this.stopped);
      await this.running;
    } catch (error) {
      this.onError(error);
    } finally {
      this.running = undefined;
    }
    if (!this.stopped) {
      this.timer = setTimeout(() => void this.tick(pollMs), pollMs);
      this.timer.unref();
    }
  }
}
