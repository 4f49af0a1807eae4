/** The census's CSV files in the browser: the import's template and the files' dates. */

/** A header and one example row: what a file to import looks like. */
export function templateCsv(columns: readonly string[], example: readonly string[]): string {
  return `${columns.join(',')}\r\n${example.join(',')}\r\n`;
}

/** Today's date `yyyy-MM-dd` on this device (default dates of the forms, file names). */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
