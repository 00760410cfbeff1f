import { describe, expect, it } from "vitest";
import {
  comparableSchema,
  hasForeignObjects,
  RESTORE_CONFIRM,
  RESTORE_WHILE_WRITING_LABEL,
  restoreRefusal,
  studentsWritingNote,
} from "~/lib/rules/restore-rules";

describe("restoreRefusal", () => {
  it("asks for the confirmation first, whoever is writing", () => {
    expect(restoreRefusal({ confirmed: false, confirmedWhileWriting: false, writing: 0 })).toBe(RESTORE_CONFIRM);
    expect(restoreRefusal({ confirmed: false, confirmedWhileWriting: true, writing: 3 })).toBe(RESTORE_CONFIRM);
  });

  it("lets a confirmed restore go ahead when nobody is writing", () => {
    expect(restoreRefusal({ confirmed: true, confirmedWhileWriting: false, writing: 0 })).toBeNull();
  });

  it("needs the second tick while students are writing, and says how many and what they would lose", () => {
    const refusal = restoreRefusal({ confirmed: true, confirmedWhileWriting: false, writing: 2 });
    expect(refusal).toBe(
      `2 students are writing a test right now. A restore replaces their attempts and the answers they gave with the snapshot's. Wait until they finish, or tick “${RESTORE_WHILE_WRITING_LABEL}” and send the snapshot again. Nothing was changed.`,
    );
    expect(restoreRefusal({ confirmed: true, confirmedWhileWriting: true, writing: 2 })).toBeNull();
  });
});

describe("studentsWritingNote", () => {
  it("counts one student and many", () => {
    expect(studentsWritingNote(1)).toMatch(/^1 student is writing a test right now\./);
    expect(studentsWritingNote(40)).toMatch(/^40 students are writing a test right now\./);
  });
});

describe("comparableSchema", () => {
  const table = (name: string, sql: string) => ({ type: "table", name, tbl_name: name, sql });
  it("leaves out only SQLite's data tables in the form SQLite writes them", () => {
    const rows = [
      table("users", "CREATE TABLE users (id text)"),
      table("sqlite_sequence", "CREATE TABLE sqlite_sequence(name,seq)"),
      table("sqlite_stat1", "CREATE TABLE sqlite_stat1(tbl,idx,stat)"),
      { type: "index", name: "sqlite_autoindex_users_1", tbl_name: "users", sql: null },
    ];
    expect(comparableSchema(rows).map((r) => r.name)).toEqual(["sqlite_autoindex_users_1", "users"]);
  });

  it("keeps every other row, whatever its name", () => {
    const trigger = {
      type: "trigger",
      name: "sqlite_backdoor",
      tbl_name: "sessions",
      sql: "CREATE TRIGGER sqlite_backdoor AFTER INSERT ON sessions BEGIN SELECT 1; END",
    };
    const fakeStat = table("sqlite_stat1", "CREATE TABLE sqlite_stat1(tbl,idx,stat,extra)");
    expect(comparableSchema([trigger, fakeStat])).toHaveLength(2);
    expect(hasForeignObjects([trigger])).toBe(true);
    expect(hasForeignObjects([{ type: "view", name: "sqlite_v", tbl_name: "sqlite_v", sql: "CREATE VIEW sqlite_v AS SELECT 1" }])).toBe(true);
    expect(hasForeignObjects([table("users", "CREATE TABLE users (id text)")])).toBe(false);
  });
});
