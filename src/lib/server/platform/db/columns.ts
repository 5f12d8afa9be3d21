import type postgres from 'postgres';
import type { Sql, TransactionSql } from './db.ts';

// How a row becomes an object, the same for every table: the query reads each column under its field's name
// (`"club_name" as "clubName"`), so the row is already the object but for the values that need converting, and the
// repository spreads it and converts only those. The pool's transform (db.ts, decision 033) would read a plain column
// under that name too; the select list names each one itself because PostgreSQL sees the names: an outer query
// selects the fields of a subquery by them (publicClubFields), a row aggregated into JSON keeps them as its keys
// (licence-read-model.ts' orders), and a computed field needs one.

/** `clubName` → `club_name`. */
export type ColumnOf<Field extends string> = Field extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ColumnOf<Tail>}`
  : Field;
/** `club_name` → `clubName`. */
export type FieldOf<Column extends string> = Column extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<FieldOf<Tail>>}` : Column;

/** The field a column is read under: `club_name` → `clubName`. */
export const fieldOf = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
/** The column that stores a field: `clubName` → `club_name`. */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A row of `Columns` read under their fields' names, each field typed as `Stored` has it (as postgres.js reads it:
 * dates are Dates).
 */
export type RowOf<Columns extends readonly string[], Stored> = {
  [Column in Columns[number] as FieldOf<Column>]: FieldOf<Column> extends keyof Stored ? Stored[FieldOf<Column>] : never;
};

/**
 * Columns as a select list, each under its field's name, in their order (which is the order of the object's keys,
 * and so of its JSON). `computed` gives an expression in place of a column: a field derived from others.
 */
export function selectList(
  sql: Sql | TransactionSql,
  columns: readonly string[],
  computed: Readonly<Record<string, postgres.PendingQuery<postgres.Row[]>>> = {},
) {
  return sql(Object.fromEntries(columns.map((column) => [fieldOf(column), computed[column] ?? sql(column)])));
}
