import { describe, expect, it } from "vitest";
import { RESTORE_CONFIRM, RESTORE_WHILE_WRITING_LABEL, restoreRefusal, studentsWritingNote } from "~/lib/rules/restore-rules";

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
