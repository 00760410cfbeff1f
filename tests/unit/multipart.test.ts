import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readMultipartForm, UnexpectedFileField, UnreadableUpload, UploadTooLarge } from "~/lib/server/multipart.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "multipart-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const post = (form: FormData) => new Request("http://localhost/upload", { method: "POST", body: form });
const formOf = (entries: Array<[string, string | File]>) => {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
};

describe("reading an upload as it streams in", () => {
  it("gives the text fields and the files in memory, with their names and types", async () => {
    const { form } = await readMultipartForm(
      post(
        formOf([
          ["title", "Unit 1: Chaucer"],
          ["file", new File(["question,a,b\n"], "unit1.csv", { type: "text/csv" })],
        ]),
      ),
      { fileBytes: 1024 },
    );
    expect(form.get("title")).toBe("Unit 1: Chaucer");
    const file = form.get("file") as File;
    expect([file.name, file.type, await file.text()]).toEqual(["unit1.csv", "text/csv", "question,a,b\n"]);
  });

  it("writes the one large file to disk, never into the form", async () => {
    const target = path.join(dir, "snapshot.db");
    const bytes = new Uint8Array(300_000).fill(7);
    const { form, diskFiles } = await readMultipartForm(
      post(
        formOf([
          ["confirm", "on"],
          ["snapshot", new File([bytes], "site.db")],
        ]),
      ),
      {
        fileBytes: 0,
        toDisk: { field: "snapshot", maxBytes: 1_000_000, pathFor: () => target },
      },
    );
    expect(form.get("snapshot")).toBeNull();
    expect(form.get("confirm")).toBe("on");
    expect(diskFiles.get("snapshot")).toEqual({ path: target, size: 300_000, name: "site.db" });
    expect(fs.statSync(target).size).toBe(300_000);
  });

  it("refuses a file over its limit, in memory or on disk", async () => {
    await expect(readMultipartForm(post(formOf([["file", new File(["x".repeat(2000)], "big.csv")]])), { fileBytes: 1000 })).rejects.toBeInstanceOf(
      UploadTooLarge,
    );
    const target = path.join(dir, "too-big.db");
    await expect(
      readMultipartForm(post(formOf([["snapshot", new File([new Uint8Array(5000)], "s.db")]])), {
        fileBytes: 0,
        toDisk: { field: "snapshot", maxBytes: 4000, pathFor: () => target },
      }),
    ).rejects.toBeInstanceOf(UploadTooLarge);
  });

  it("refuses a text field over its limit, a file in a field that takes none, a second disk file", async () => {
    await expect(readMultipartForm(post(formOf([["note", "y".repeat(100)]])), { fileBytes: 10, fieldBytes: 50 })).rejects.toBeInstanceOf(UploadTooLarge);
    await expect(readMultipartForm(post(formOf([["other", new File(["a"], "a.txt")]])), { fileBytes: 10, fileFields: ["snapshot"] })).rejects.toBeInstanceOf(
      UnexpectedFileField,
    );
    const names = ["first.db", "second.db"];
    await expect(
      readMultipartForm(
        post(
          formOf([
            ["snapshot", new File(["a"], "1.db")],
            ["snapshot", new File(["b"], "2.db")],
          ]),
        ),
        {
          fileBytes: 0,
          toDisk: { field: "snapshot", maxBytes: 100, pathFor: () => path.join(dir, names.shift() ?? "more.db") },
        },
      ),
    ).rejects.toBeInstanceOf(UnexpectedFileField);
  });

  it("calls a body without a boundary, or cut short, unreadable", async () => {
    const noBoundary = new Request("http://localhost/upload", { method: "POST", body: "x", headers: { "Content-Type": "multipart/form-data" } });
    await expect(readMultipartForm(noBoundary, { fileBytes: 10 })).rejects.toBeInstanceOf(UnreadableUpload);
    const cut = new Request("http://localhost/upload", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nhalf a fi',
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    });
    await expect(readMultipartForm(cut, { fileBytes: 1000 })).rejects.toBeInstanceOf(UnreadableUpload);
  });
});
