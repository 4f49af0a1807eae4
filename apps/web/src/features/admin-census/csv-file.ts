/**
 * CSV files in the browser: saving text as a download (the export, the templates) and reading
 * a chosen file (the import).
 */

/**
 * Saves CSV text as a file named `filename`: a Blob behind an object URL, clicked, then
 * released. A byte-order mark first, so spreadsheets read the file as UTF-8 (the browser drops
 * the one the server sent when it decoded the answer as text).
 */
export function saveCsv(text: string, filename: string): void {
  const blob = new Blob(['\uFEFF', text.replace(/^\uFEFF/, '')], {
    type: 'text/csv;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A header and one example row: what a file to import looks like. */
export function templateCsv(columns: readonly string[], example: readonly string[]): string {
  return `${columns.join(',')}\r\n${example.join(',')}\r\n`;
}

/** Today's date `yyyy-MM-dd` on this device (default dates of the forms, file names). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
