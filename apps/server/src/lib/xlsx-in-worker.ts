/**
 * XLSX files written by exceljs on a thread of their own (lib/xlsx-writer.worker.mjs, ADR 057),
 * so that formatting and compressing a large export holds up neither other requests nor the
 * reading of its next slice: the main thread reads slice k + 1 while the worker writes slice k.
 * Measured on the volume data (docs/performance.md): exceljs was about a third of an export's CPU.
 *
 * One worker, started with the first file and kept (it costs ~290 ms of CPU to start, as much
 * as a third of an export), writes every file at once; it does not keep the process alive. At
 * most one batch of a file's rows is in the worker at a time, so memory is one slice per file
 * whatever the export's size. A file's chunks go to its `out` in order; an error destroys `out`;
 * `abort()` (the client went away) drops the file. Should the worker die, its files fail and
 * the next file starts a new one.
 */
import type { PassThrough } from 'node:stream';
import { Worker } from 'node:worker_threads';

type FromWorker = { id: number } & (
  | { kind: 'chunk'; data: Uint8Array }
  | { kind: 'taken' }
  | { kind: 'done' }
  | { kind: 'error'; message: string }
);

export type XlsxCell = string | number;

interface FileEvents {
  chunk(data: Uint8Array): void;
  taken(): void;
  done(): void;
  fail(error: Error): void;
}

let shared: { worker: Worker; files: Map<number, FileEvents> } | undefined;
let lastId = 0;

function writerThread(): NonNullable<typeof shared> {
  if (shared) return shared;
  const worker = new Worker(new URL('./xlsx-writer.worker.mjs', import.meta.url));
  const files = new Map<number, FileEvents>();
  const thread = { worker, files };
  worker.unref();
  worker.on('message', (message: FromWorker) => {
    const file = files.get(message.id);
    if (!file) return;
    if (message.kind === 'chunk') file.chunk(message.data);
    else if (message.kind === 'taken') file.taken();
    else if (message.kind === 'done') file.done();
    else file.fail(new Error(message.message));
  });
  const lost = (error: Error) => {
    if (shared === thread) shared = undefined;
    for (const file of files.values()) file.fail(error);
    files.clear();
  };
  worker.on('error', lost);
  worker.on('exit', () => lost(new Error('the XLSX writer stopped')));
  shared = thread;
  return thread;
}

export class XlsxInWorker {
  readonly #id = ++lastId;
  readonly #thread = writerThread();
  readonly #out: PassThrough;
  /** Resolves when the worker has written the batch last sent. */
  #taken: Promise<void> = Promise.resolve();
  #onTaken: () => void = () => {};
  readonly #done: Promise<void>;

  constructor(out: PassThrough) {
    this.#out = out;
    let finished: () => void = () => {};
    let failed: (error: Error) => void = () => {};
    this.#done = new Promise<void>((resolve, reject) => {
      finished = resolve;
      failed = reject;
    });
    // A failure is reported through `out`; no caller need wait on `done` to see it.
    this.#done.catch(() => {});
    this.#thread.files.set(this.#id, {
      chunk: (data) => out.write(data),
      taken: () => this.#onTaken(),
      done: () => {
        this.#thread.files.delete(this.#id);
        finished();
      },
      fail: (error) => {
        this.#thread.files.delete(this.#id);
        failed(error);
        this.#onTaken();
        out.destroy(error);
      },
    });
  }

  #send(
    message:
      | { kind: 'sheet'; name: string }
      | { kind: 'rows'; rows: XlsxCell[][] }
      | { kind: 'end' }
      | { kind: 'drop' },
  ): void {
    this.#thread.worker.postMessage({ id: this.#id, ...message });
  }

  sheet(name: string): void {
    this.#send({ kind: 'sheet', name });
  }

  /** Sends a batch once the previous one is written: the caller reads the next meanwhile. */
  async rows(rows: XlsxCell[][]): Promise<void> {
    await this.#taken;
    if (this.#out.destroyed) return;
    this.#taken = new Promise<void>((resolve) => {
      this.#onTaken = resolve;
    });
    this.#send({ kind: 'rows', rows });
  }

  /** Finishes the file and ends `out`. */
  async end(): Promise<void> {
    await this.#taken;
    this.#send({ kind: 'end' });
    await this.#done;
    this.#out.end();
  }

  /** Drops the file (the client went away). */
  abort(): void {
    if (!this.#thread.files.delete(this.#id)) return;
    this.#send({ kind: 'drop' });
  }
}
