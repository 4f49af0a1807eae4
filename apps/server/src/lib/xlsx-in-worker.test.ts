import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { XlsxInWorker } from './xlsx-in-worker.js';

/** Writes a workbook of `rows` per sheet through the worker and returns the file. */
async function write(sheets: Record<string, (string | number)[][]>): Promise<Buffer> {
  const out = new PassThrough();
  const file = new XlsxInWorker(out);
  const written = buffer(out);
  for (const [name, rows] of Object.entries(sheets)) {
    file.sheet(name);
    for (let start = 0; start < rows.length; start += 100) {
      await file.rows(rows.slice(start, start + 100));
    }
  }
  await file.end();
  return written;
}

async function read(file: Buffer): Promise<Record<string, unknown[][]>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheets: Record<string, unknown[][]> = {};
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    sheets[sheet.name] = rows;
  });
  return sheets;
}

describe('XLSX files written on the worker thread', () => {
  it('writes several files at once, each with its own sheets, rows and numbers in order', async () => {
    const rowsOf = (tag: string, n: number) =>
      Array.from({ length: n }, (_, i) => [`${tag}-${i}`, i]);
    const [first, second] = await Promise.all([
      write({ Responses: rowsOf('a', 450), Acknowledgements: rowsOf('x', 3) }),
      write({ Responses: rowsOf('b', 230) }),
    ]);
    const a = await read(first);
    const b = await read(second);
    expect(Object.keys(a)).toEqual(['Responses', 'Acknowledgements']);
    expect(a.Responses).toEqual(rowsOf('a', 450));
    expect(a.Acknowledgements).toEqual(rowsOf('x', 3));
    expect(Object.keys(b)).toEqual(['Responses']);
    expect(b.Responses).toEqual(rowsOf('b', 230));
  });

  it('a dropped file writes nothing more, and the next file is whole', async () => {
    const out = new PassThrough();
    const dropped = new XlsxInWorker(out);
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    dropped.sheet('Responses');
    await dropped.rows([['before']]);
    dropped.abort();
    const afterAbort = bytes;
    const next = await read(await write({ Responses: [['after', 1]] }));
    expect(next.Responses).toEqual([['after', 1]]);
    expect(bytes).toBe(afterAbort);
  });
});
