/**
 * Long work on the event loop takes turns with every request (ADR 043): `await nextTurn()`
 * between slices of an export lets the server answer whatever arrived meanwhile. Turns are
 * handed out one per turn of the event loop, whoever asks: eight exports running together keep
 * a request waiting for one slice, not eight (each export waits for the others' slices instead).
 *
 * A turn is a `setImmediate`: it runs after the I/O the loop has polled, so the requests that
 * arrived while the last slice ran are read, and their synchronous work done, first.
 */
let last: Promise<void> = Promise.resolve();

export function nextTurn(): Promise<void> {
  const turn = last.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  last = turn;
  return turn;
}
