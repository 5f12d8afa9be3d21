/**
 * A CSV document (RFC 4180) from a header and rows. Cells that a spreadsheet would run as a formula are defused, and
 * every cell is quoted: a spreadsheet in a locale whose separator is `;` (or a tab) splits an unquoted cell there,
 * and the piece after it could start a formula.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cell = (value: CsvCell) => {
    let text = value === null ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return `"${text.replace(/"/g, '""')}"`;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** One cell's value: null is an empty cell. */
export type CsvCell = string | number | boolean | null;

/**
 * A CSV document from one list of columns, each its header and how a row gives its cell, so that the header and the
 * rows cannot drift apart.
 */
export function columnsToCsv<Row>(columns: Readonly<Record<string, (row: Row) => CsvCell>>, rows: readonly Row[]): string {
  const cells = Object.values(columns);
  return toCsv(
    Object.keys(columns),
    rows.map((row) => cells.map((cell) => cell(row))),
  );
}

/** A CSV download response. */
export function csvResponse(filename: string, csv: string): Response {
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
