// A small exam day (bench/examday.js) inside `npm test`: every phase runs against the real server, and
// the lost-answer and unfinished-attempt counts are exact (0 after the run; 1 when one acknowledged
// answer or one finish is undone in the database). No timing is asserted; timings are `npm run bench:examday`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { againstTargets, countLostAndUnfinished, examDay, formsAgainstApi, pairedAgainstTarget } from "../../bench/examday.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-examday-smoke-"));

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A small exam day: 24 students starting together, 6 already mid-exam, two seconds of answering. */
const SMALL_DAY = {
  students: 24,
  mid: 6,
  questions: 10,
  signInWindowSeconds: 1,
  answerSeconds: 2,
  thinkMs: [100, 300],
  midThinkMs: [100, 300],
};

describe("exam day (small)", () => {
  it("runs every phase and loses nothing through the JSON endpoints (a hydrated page)", async () => {
    const report = await examDay({
      ...SMALL_DAY,
      mode: "api",
      capacitySteps: [10, 20],
      pairedRoundsCount: 2,
      dir: fs.mkdtempSync(path.join(dir, "api-")),
    });
    const { signInWave, start, answering, finish } = report.phases;
    expect(signInWave.signedIn).toBe(24);
    expect(signInWave.errors).toBe(0);
    expect(signInWave.midExam.count).toBeGreaterThan(0);
    expect(signInWave.midExam.errors).toBe(0);
    expect(start).toMatchObject({ count: 24, errors: 0 });
    expect(answering.saves).toBeGreaterThan(24);
    expect(answering.errors).toBe(0);
    expect(finish).toMatchObject({ count: 24, errors: 0 });
    expect(report.integrity).toMatchObject({ attempts: 24, lost: 0, unfinished: 0 });
    expect(report.integrity.acknowledged).toBeGreaterThan(0);
    expect(report.capacity.steps.map((s: { students: number }) => s.students)).toEqual([10, 20]);
    // the paired rounds: both patterns start and finish every student, the order swapping each round
    expect(report.paired.errors).toBe(0);
    expect(report.paired.rounds.map((r: { order: string[] }) => r.order)).toEqual([
      ["api", "forms"],
      ["forms", "api"],
    ]);
    for (const round of report.paired.rounds)
      for (const step of [round.start, round.finish]) {
        expect(step.api).toMatchObject({ count: 24, errors: 0, serverErrors: 0, resets: 0 });
        expect(step.forms).toMatchObject({ count: 24, errors: 0, serverErrors: 0, resets: 0 });
      }
    // every figure is printed against its target
    expect(againstTargets(report).map((c) => c.name)).toContain("lost answers");

    // the counts are exact: undo one acknowledged answer and one finish, and each shows as 1
    const [key] = report.acknowledged.keys();
    const [attemptId, questionId] = key.split(":");
    const db = new Database(report.dbFile);
    db.prepare("DELETE FROM attempt_answers WHERE attempt_id = ? AND question_id = ?").run(attemptId, questionId);
    db.prepare("UPDATE attempts SET status = 'in_progress' WHERE id = ?").run(report.attemptIds[3]);
    db.close();
    expect(countLostAndUnfinished(report.dbFile, report.acknowledged, report.attemptIds)).toEqual({ lost: 1, unfinished: 1 });
  }, 180_000);

  it("runs every phase and loses nothing through the plain form posts (a page without JavaScript)", async () => {
    const report = await examDay({
      ...SMALL_DAY,
      mode: "forms",
      capacitySteps: [10],
      dir: fs.mkdtempSync(path.join(dir, "forms-")),
    });
    const { start, answering, finish } = report.phases;
    expect(start).toMatchObject({ count: 24, errors: 0, serverErrors: 0, resets: 0 });
    expect(answering.saves).toBeGreaterThan(24);
    expect(answering).toMatchObject({ errors: 0, serverErrors: 0, resets: 0 });
    expect(finish).toMatchObject({ count: 24, errors: 0, serverErrors: 0, resets: 0 });
    for (const phase of Object.values(report.phases) as Array<{ workerRestarts: number; abortedRenders: number }>)
      expect(phase).toMatchObject({ workerRestarts: 0, abortedRenders: 0 });
    expect(report.integrity).toMatchObject({ attempts: 24, lost: 0, unfinished: 0 });
    expect(report.integrity.acknowledged).toBeGreaterThan(24);
  }, 180_000);
});

describe("the form path against the script path", () => {
  it("reads the target from the median of the paired rounds", () => {
    const round = (start: number, finish: number) => ({
      start: { ratio: start, cpuPerStudentMs: { api: 2, forms: 2 * start } },
      finish: { ratio: finish, cpuPerStudentMs: { api: 3, forms: 3 * finish } },
    });
    const [start, finish] = pairedAgainstTarget({ rounds: [round(1.9, 2.4), round(1.2, 1.8), round(1.4, 2.1)] });
    expect(start).toMatchObject({ value: 1.4, rounds: [1.9, 1.2, 1.4], met: true, target: 1.5 });
    expect(finish).toMatchObject({ value: 2.1, rounds: [2.4, 1.8, 2.1], met: false });
    expect(finish.name).toBe("forms / api, synchronized finish, median of 3 paired rounds");
    // an even number of rounds: the mean of the middle two
    expect(pairedAgainstTarget({ rounds: [round(1.2, 2), round(1.6, 3)] })[0]).toMatchObject({ value: 1.4, met: true });
  });

  it("compares the two paths' times as multiples of each one's machine speed, and gives the plain ratio beside", () => {
    // the script path in a fast minute (speed 250), the form path in a slow one (speed 500)
    const api = {
      phases: { start: { allThroughMs: 4000 }, finish: { allThroughMs: 5000 } },
      relativeToSpeed: { start: { allThroughMs: 16 }, finish: { allThroughMs: 20 } },
    };
    const forms = {
      phases: { start: { allThroughMs: 12000 }, finish: { allThroughMs: 20000 } },
      relativeToSpeed: { start: { allThroughMs: 24 }, finish: { allThroughMs: 40 } },
    };
    expect(formsAgainstApi(api, forms)).toEqual([
      { name: "forms / api, synchronized start", value: 1.5, inMs: 3, target: 1.5, met: true },
      { name: "forms / api, synchronized finish", value: 2, inMs: 4, target: 1.5, met: false },
    ]);
  });
});
