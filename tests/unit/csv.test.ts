import { describe, expect, it } from 'vitest';
import { columnsToCsv, toCsv } from '#server/platform/csv.ts';

describe('toCsv', () => {
  it('quotes every cell, so a `;` or a tab splits no cell in a spreadsheet of any locale', () => {
    expect(toCsv(['name', 'note'], [['Reading; Circle', 'a\tb']])).toBe('"name","note"\r\n"Reading; Circle","a\tb"\r\n');
  });

  it('doubles quotes, keeps line breaks inside the cell, and writes null as an empty cell', () => {
    expect(toCsv(['a', 'b', 'c'], [['say "hi"', 'line 1\nline 2', null]])).toBe('"a","b","c"\r\n"say ""hi""","line 1\nline 2",""\r\n');
  });

  it('defuses cells a spreadsheet would run as a formula, numbers and booleans as text', () => {
    expect(toCsv(['x'], [['=1+1'], ['+1'], ['-1'], ['@SUM(A1)'], [42], [true]])).toBe(
      `"x"\r\n"'=1+1"\r\n"'+1"\r\n"'-1"\r\n"'@SUM(A1)"\r\n"42"\r\n"true"\r\n`,
    );
  });
});

describe('columnsToCsv', () => {
  it("writes the header from the columns and each row from their cells, in the columns' order", () => {
    const columns = { club_id: (row: { id: number; name: string }) => row.id, club_name: (row: { id: number; name: string }) => row.name };
    expect(columnsToCsv(columns, [{ id: 7, name: 'Hearth' }])).toBe(toCsv(['club_id', 'club_name'], [[7, 'Hearth']]));
  });
});
