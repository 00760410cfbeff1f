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
