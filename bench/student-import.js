// The bulk student import of User Management (3,000 rows by default), through the running server:
// preview, then confirm. Reports each step's time and the server's peak memory.
// Alone: npm run bench:import (builds, starts the server on an empty database); npm run bench runs it too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { signInAdmin, startServer, withPeakMemory } from "./lib.js";

/** Imports `rows` generated students (a third with a password, the rest get sign-in links). */
export async function studentImport(base, pid, rows = 3000) {
  const admin = await signInAdmin(base);
  const lines = Array.from(
    { length: rows },
    (_, i) => `Bench Student ${i + 1},bench-import-${Date.now()}-${i + 1}@example.test,${i % 2 ? "TET;NET" : "PG_TRB"},${i % 3 === 0 ? "bench-pass-1" : ""},`,
  );
  const csv = `name,email,exam_types,password,global_test_limit\n${lines.join("\n")}\n`;
  let previewMs = 0;
  let confirmMs = 0;
  let created = "";
  const memory = await withPeakMemory(pid, async () => {
    const form = new FormData();
    form.append("existing", "update");
    form.append("file", new File([csv], "students.csv", { type: "text/csv" }));
    let t = Date.now();
    const preview = await fetch(`${base}/admin/users/import`, { method: "POST", body: form, redirect: "manual", headers: { Cookie: admin, Origin: base } });
    previewMs = Date.now() - t;
    const key = new URL(preview.headers.get("location") ?? "", base).searchParams.get("preview");
    t = Date.now();
    const done = await fetch(`${base}/admin/users/import`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: admin, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ key: key ?? "" }),
    });
    confirmMs = Date.now() - t;
    created = done.headers.get("location") ?? "";
    return {};
  });
  return {
    rows,
    withPassword: Math.ceil(rows / 3),
    previewMs,
    confirmMs,
    ok: created.includes("links="),
    peakMemoryMB: memory.peakMemoryMB,
    peakHeapMB: memory.peakHeapMB,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  const server = await startServer(path.join(dir, "app.db"));
  try {
    console.log(JSON.stringify(await studentImport(server.base, server.pid, Number(process.env.IMPORT_ROWS ?? "3000"))));
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
