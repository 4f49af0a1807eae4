import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollLoop } from './poll-loop.js';

describe('PollLoop', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a turn at once and the next one pollMs after it ended, one at a time', async () => {
    let turns = 0;
    const loop = new PollLoop(async () => {
      turns += 1;
    }, vi.fn());
    loop.start(1000);
    loop.start(1000);
    await vi.advanceTimersByTimeAsync(0);
    expect(turns).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(turns).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(turns).toBe(2);
    await loop.stop();
  });

  it('reports a failed turn and goes on', async () => {
    const onError = vi.fn();
    let turns = 0;
    const loop = new PollLoop(async () => {
      turns += 1;
      if (turns === 1) throw new Error('database away');
    }, onError);
    loop.start(100);
    await vi.advanceTimersByTimeAsync(100);
    expect(onError).toHaveBeenCalledOnce();
    expect(turns).toBe(2);
    await loop.stop();
  });

  it('stop waits for the turn in progress, tells it to end early, and runs no more', async () => {
    let release = () => {};
    let sawStop = false;
    let turns = 0;
    const loop = new PollLoop(async (stopped) => {
      turns += 1;
      await new Promise<void>((resolve) => (release = resolve));
      sawStop = stopped();
    }, vi.fn());
    loop.start(100);
    await vi.advanceTimersByTimeAsync(0);
    let stoppedAll = false;
    const stopping = loop.stop().then(() => (stoppedAll = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stoppedAll).toBe(false);
    release();
    await stopping;
    expect(sawStop).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(turns).toBe(1);
  });
});
