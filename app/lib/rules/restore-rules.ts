/**
 * When a restore of the whole site may go ahead. A restore replaces every attempt with the snapshot's, so the
 * answers of students writing a test at that moment would be lost: with anyone writing it needs a second,
 * separate confirmation.
 */
export const RESTORE_CONFIRM = "Tick the box to confirm that the restore replaces everything on this site.";
export const RESTORE_WHILE_WRITING_LABEL = "Restore even though students are writing a test";

/** What the Backup page and a refused restore say about the students writing a test now. */
export function studentsWritingNote(writing: number): string {
  const who = writing === 1 ? "1 student is" : `${writing} students are`;
  return `${who} writing a test right now. A restore replaces their attempts and the answers they gave with the snapshot's.`;
}

/** Why a restore post is refused, or null when it may go ahead. */
export function restoreRefusal(input: { confirmed: boolean; confirmedWhileWriting: boolean; writing: number }): string | null {
  if (!input.confirmed) return RESTORE_CONFIRM;
  if (input.writing > 0 && !input.confirmedWhileWriting)
    return `${studentsWritingNote(input.writing)} Wait until they finish, or tick “${RESTORE_WHILE_WRITING_LABEL}” and send the snapshot again. Nothing was changed.`;
  return null;
}

export type SchemaRow = { type: string; name: string; tbl_name: string; sql: string | null };

/**
 * SQLite's own tables that come and go with the data rather than the schema (AUTOINCREMENT's counter, ANALYZE's
 * statistics), in the exact form SQLite writes them. Every other `sqlite_master` row, whatever its name (a trigger
 * called `sqlite_backdoor`, a view called `sqlite_v`), is compared with this build's schema.
 */
const SQLITE_DATA_TABLES: Record<string, string> = {
  sqlite_sequence: "CREATE TABLE sqlite_sequence(name,seq)",
  sqlite_stat1: "CREATE TABLE sqlite_stat1(tbl,idx,stat)",
  sqlite_stat2: "CREATE TABLE sqlite_stat2(tbl,idx,sampleno,sample)",
  sqlite_stat3: "CREATE TABLE sqlite_stat3(tbl,idx,neq,nlt,ndlt,sample)",
  sqlite_stat4: "CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample)",
};

export function isSqliteDataTable(row: SchemaRow): boolean {
  return row.type === "table" && row.name === row.tbl_name && Object.hasOwn(SQLITE_DATA_TABLES, row.name) && SQLITE_DATA_TABLES[row.name] === row.sql;
}

/** The rows of a schema that must match this build's exactly: all of them but SQLite's data tables, in a stable order. */
export function comparableSchema(rows: SchemaRow[]): SchemaRow[] {
  return rows
    .filter((row) => !isSqliteDataTable(row))
    .map(({ type, name, tbl_name, sql }) => ({ type, name, tbl_name, sql }))
    .sort((a, b) => (a.type === b.type ? (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) : a.type < b.type ? -1 : 1));
}

/** A trigger or a view, under any name: this site never makes one, and one would run inside the restored site. */
export function hasForeignObjects(rows: SchemaRow[]): boolean {
  return rows.some((row) => row.type !== "table" && row.type !== "index");
}
