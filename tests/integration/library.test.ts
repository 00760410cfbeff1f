// The library after sign-in (/library): the materials of the student's exam types and batches, the books,
// search and filters; signed-out visitors are sent to sign in and come back to it.
import { beforeAll, describe, expect, it } from "vitest";
import { addMaterial, saveBook } from "~/models/content.server";
import { addMembers, createBatch } from "~/models/batches.server";
import * as library from "~/routes/_student+/library";
import { getRequest, makeStudent, payload, run, seedBase } from "../helpers";

type Page = {
  materials: { items: Array<{ title: string }>; total: number; pages: number } | null;
  books: { items: Array<{ title: string }>; total: number } | null;
  examOptions: Array<{ value: string }>;
};
const LINK = "https://drive.google.com/file/d/abcdefghijklmnop/view";
let batchId = "";

beforeAll(async () => {
  await seedBase();
  const made = createBatch("Library batch");
  if (!made.ok) throw new Error(made.error);
  batchId = made.id;
  addMaterial({ title: "Romantic poets notes", description: "Wordsworth and Keats", examType: "NET", googleDriveLink: LINK, thumbnailUrl: "" });
  addMaterial({ title: "TET grammar sheet", description: "Tenses", examType: "TET", googleDriveLink: LINK, thumbnailUrl: "" });
  addMaterial({
    title: "Batch-only mock key",
    description: "For the Sunday batch",
    examType: "SET",
    googleDriveLink: LINK,
    thumbnailUrl: "",
    batches: [batchId],
  });
  saveBook(null, { title: "A History of English Literature", coverUrl: "", description: "Legouis" }, "owner");
  saveBook(null, { title: "Practical Criticism", coverUrl: "", description: "Richards" }, "owner");
});

const pageOf = async (cookie: string, query = "") => payload<Page>(await run(library.loader, getRequest(`/library${query}`, cookie)));
const titles = (list: { items: Array<{ title: string }> } | null) => (list?.items ?? []).map((i) => i.title).sort();

describe("the library", () => {
  it("shows the public materials of the student's exam types, the materials of their batches and the books", async () => {
    const { user, cookie } = await makeStudent({ examTypes: ["NET"] });
    expect(titles((await pageOf(cookie)).materials)).toEqual(["Romantic poets notes"]);
    addMembers(batchId, [user.id]);
    const page = await pageOf(cookie);
    expect(titles(page.materials)).toEqual(["Batch-only mock key", "Romantic poets notes"]);
    expect(titles(page.books)).toEqual(["A History of English Literature", "Practical Criticism"]);
    expect(page.examOptions.map((o) => o.value)).toEqual(["NET"]);
  });

  it("searches titles and descriptions of materials and books, and filters by exam and by kind", async () => {
    const { cookie } = await makeStudent({ examTypes: ["NET", "TET"] });
    const keats = await pageOf(cookie, "?q=keats");
    expect(titles(keats.materials)).toEqual(["Romantic poets notes"]);
    expect(keats.books?.total).toBe(0);
    expect(titles((await pageOf(cookie, "?q=richards")).books)).toEqual(["Practical Criticism"]);
    expect(titles((await pageOf(cookie, "?exam=TET")).materials)).toEqual(["TET grammar sheet"]);
    const booksOnly = await pageOf(cookie, "?show=books");
    expect(booksOnly.materials).toBeNull();
    expect(booksOnly.books?.total).toBe(2);
    // hostile input is only text to search for
    expect((await pageOf(cookie, `?q=${encodeURIComponent("%' OR 1=1 --")}&mpage=-4&show=nonsense`)).materials?.total).toBe(0);
  });

  it("a student with no exam type yet sees every public material", async () => {
    const { cookie } = await makeStudent({ examTypes: [] });
    expect(titles((await pageOf(cookie)).materials)).toEqual(["Romantic poets notes", "TET grammar sheet"]);
  });

  it("sends a signed-out visitor to sign in, and back to the library after", async () => {
    const res = await run(library.loader, getRequest("/library?show=books"));
    expect(res instanceof Response && res.headers.get("Location")).toBe("/login?redirectTo=%2Flibrary%3Fshow%3Dbooks");
  });
});
