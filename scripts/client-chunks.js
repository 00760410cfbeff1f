// @ts-check
// How the browser build is split (vite.config.ts → Rollup's manualChunks): fewer, larger files for the
// pages students load. Over HTTP/1.1 a phone fetches six files at a time, each paying the link's latency,
// so the exam page should load four scripts: the entry, `core`, the root and its own route.
//
// `core` holds every module the entry or the root needs, and every module the exam page (the running exam and
// its start card) shares with another student page (React, Remix, the shared components). What only the other
// student pages share (the dashboard and All my tests, the results and My mistakes, the landing page and the
// library) goes to `pages`, which the exam page never loads: its budget is 100 KB (bench/page-weight.js). A module only one page needs stays in that page's file; modules only the
// admin pages reach are left to Rollup (their own shared files).

/**
 * The pages a student loads: every page of the student's areas (app/routes/_student+/ and _exam+/, read from
 * where the file is, so a new student page needs no list kept here), the landing page and the sign-in page.
 * Their shared modules go into `core`. (The other public pages and the admin's are left to Rollup: a module
 * they share with one student page would otherwise weigh on every student page.)
 */
const STUDENT_PAGE = /\/app\/routes\/(?:_student\+\/(?!__)[^/?]*|_exam\+\/(?!__)[^/?]*|_public\+\/index|_auth\+\/login)\.tsx$/;

/** The exam page (its start card and the running exam): the page with a weight budget (bench/page-weight.js). */
const EXAM_PAGE = /\/app\/routes\/_exam\+\/test\.\$testId\.tsx$/;

/** @param {string} id */
const withoutQuery = (id) => id.split("?")[0];

/** @param {string} id @returns {string | null} what kind of starting point a module is: the entry, the root, a student page */
export function startingPointOf(id) {
  const file = withoutQuery(id);
  if (/\/app\/entry\.client\.tsx$/.test(file)) return "entry";
  if (/\/app\/root\.tsx$/.test(file)) return "root";
  const page = STUDENT_PAGE.exec(file);
  return page ? page[0] : null;
}

/**
 * The chunk a module goes to: "core", or undefined (Rollup decides). `importersOf` gives a module's static
 * and dynamic importers (from Rollup's getModuleInfo).
 * @param {string} id
 * @param {(id: string) => readonly string[]} importersOf
 * @param {Map<string, Set<string>>} [memo]
 */
export function chunkFor(id, importersOf, memo = new Map()) {
  if (startingPointOf(id) !== null && !/\/app\/root\.tsx$/.test(withoutQuery(id))) return undefined;
  // a route module is its page's own file; a route's part (`__Name.tsx` beside it) is placed like a component
  if (/\/app\/routes\/(?:[^?]*\/)?(?!__)[^/?]*$/.test(withoutQuery(id))) return undefined;
  const reached = startingPointsReaching(id, importersOf, memo);
  if (reached.has("entry") || reached.has("root")) return "core";
  let pages = 0;
  let examPage = false;
  for (const point of reached)
    if (point !== "entry" && point !== "root") {
      pages += 1;
      if (EXAM_PAGE.test(point)) examPage = true;
    }
  if (pages < 2) return undefined;
  // what the exam page shares goes with `core`, which it loads anyway; what only the other student pages share
  // (a test card, the review's bookmark button) goes to `pages`, so the exam page, which has a budget, never
  // downloads it
  return examPage ? "core" : "pages";
}

/**
 * The starting points (entry, root, student pages) from which a module is imported, directly or through others.
 * @param {string} id
 * @param {(id: string) => readonly string[]} importersOf
 * @param {Map<string, Set<string>>} memo
 * @returns {Set<string>}
 */
function startingPointsReaching(id, importersOf, memo) {
  const known = memo.get(id);
  if (known) return known;
  const found = new Set();
  // a cycle comes back to this module: it adds nothing new
  memo.set(id, found);
  const point = startingPointOf(id);
  if (point) found.add(point);
  for (const importer of importersOf(id)) for (const p of startingPointsReaching(importer, importersOf, memo)) found.add(p);
  return found;
}

const memo = new Map();
/** Rollup's manualChunks hook. @type {import("rollup").GetManualChunk} */
export function chunkOf(id, { getModuleInfo }) {
  return chunkFor(
    id,
    (m) => {
      const info = getModuleInfo(m);
      return info ? [...info.importers, ...info.dynamicImporters] : [];
    },
    memo,
  );
}
