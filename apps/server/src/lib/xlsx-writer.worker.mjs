// @ts-check
/**
 * The XLSX writers' thread (lib/xlsx-in-worker.ts, ADR 057): exceljs' streaming workbook
 * writer, one per file being written, fed rows by the main thread and sending each file back in
 * chunks. It knows nothing of CareVoice: every cell arrives ready (neutralised text or a
 * number), and it keeps nothing once a file is done or dropped.
 *
 * Plain JavaScript, so that the same file runs from the source (the tests) and from dist.
 *
 * From the main thread, each message naming its file `id`: {kind: 'sheet', name},
 * {kind: 'rows', rows}, {kind: 'end'}, {kind: 'drop'}. To the main thread: {kind: 'chunk', data},
 * {kind: 'taken'} once a 'rows' message is written, {kind: 'done'} after the file's last chunk,
 * {kind: 'error', message}.
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const port = parentPort;
if (!port) throw new Error('xlsx-writer.worker.mjs runs only as a worker thread');

/** @typedef {{workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet?: ExcelJS.Worksheet}} File */
/** @type {Map<number, File>} */
const files = new Map();

/** @param {number} id */
function open(id) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      if (files.has(id)) port?.postMessage({ id, kind: 'chunk', data: chunk });
      done();
    },
  });
  /** @type {File} */
  const file = {
    workbook: new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: false,
      useSharedStrings: false,
    }),
  };
  files.set(id, file);
  return file;
}

/** @param {{id: number, kind: string, name?: string, rows?: (string | number)[][]}} message */
async function handle(message) {
  const { id } = message;
  const file = files.get(id) ?? open(id);
  switch (message.kind) {
    case 'sheet':
      file.sheet?.commit();
      file.sheet = file.workbook.addWorksheet(message.name);
      break;
    case 'rows':
      for (const row of message.rows ?? []) file.sheet?.addRow(row).commit();
      port?.postMessage({ id, kind: 'taken' });
      break;
    case 'end':
      file.sheet?.commit();
      await file.workbook.commit();
      files.delete(id);
      port?.postMessage({ id, kind: 'done' });
      break;
    case 'drop':
      files.delete(id);
      break;
  }
}

port.on('message', (message) => {
  handle(message).catch((/** @type {Error} */ error) => {
    files.delete(message.id);
    port.postMessage({ id: message.id, kind: 'error', message: error.message });
  });
});
