// What the guards in front of the framework read from a route (route-table.server.ts): its own handle.guards,
// found through the build's route manifest with the framework's matching; no address is listed anywhere.
import { describe, expect, it } from "vitest";
import { EDITOR_LIMIT, FORM_LIMIT, RESTORE_LIMIT, UPLOAD_LIMIT } from "~/lib/server/request-limits";
import { directHandler, routeTable } from "~/lib/server/route-table.server";

const page = () => null;
const loader = () => new Response("ok");
const action = () => new Response("done");
/** A build's route manifest as the framework lists it: ids, parents, paths and modules. */
const routes = {
  root: { id: "root", path: "", module: { default: page } },
  "routes/admin+/_layout": { id: "routes/admin+/_layout", parentId: "root", path: "admin", module: { default: page } },
  "routes/admin+/_tests+/tests.upload": {
    id: "routes/admin+/_tests+/tests.upload",
    parentId: "routes/admin+/_layout",
    path: "tests/upload",
    module: { default: page, handle: { guards: { body: "upload" } } },
  },
  "routes/admin+/_tests+/csv_.$testId.edit": {
    id: "routes/admin+/_tests+/csv_.$testId.edit",
    parentId: "routes/admin+/_layout",
    path: "csv/:testId/edit",
    module: { default: page, handle: { guards: { body: "editor" } } },
  },
  "routes/admin+/_backup+/backup_.restore": {
    id: "routes/admin+/_backup+/backup_.restore",
    parentId: "routes/admin+/_layout",
    path: "backup/restore",
    module: { default: page, handle: { guards: { body: "restore" } } },
  },
  "routes/_public+/healthz": { id: "routes/_public+/healthz", parentId: "root", path: "healthz", module: { loader, handle: { guards: { shed: false } } } },
  "routes/api+/attempts.$attemptId.answers": {
    id: "routes/api+/attempts.$attemptId.answers",
    parentId: "root",
    path: "api/attempts/:attemptId/answers",
    module: { loader, action },
  },
  "routes/_exam+/test.$testId": { id: "routes/_exam+/test.$testId", parentId: "root", path: "test/:testId", module: { default: page, action } },
  "routes/_public+/$": { id: "routes/_public+/$", parentId: "root", path: "*", module: { default: page } },
};

describe("the route table", () => {
  const table = routeTable(routes);

  it("gives each route the body limit it declares, an ordinary form otherwise, and its page's to a data request", () => {
    expect(table.guardsFor("/admin/tests/upload")).toMatchObject({ bodyLimit: UPLOAD_LIMIT, largeBody: true });
    expect(table.guardsFor("/admin/tests/upload.data")).toMatchObject({ bodyLimit: UPLOAD_LIMIT, largeBody: true });
    expect(table.guardsFor("/admin/csv/t1/edit")).toMatchObject({ bodyLimit: EDITOR_LIMIT, largeBody: true });
    expect(table.guardsFor("/admin/backup/restore")).toMatchObject({ bodyLimit: RESTORE_LIMIT, largeBody: true });
    expect(table.guardsFor("/test/t1")).toMatchObject({ bodyLimit: FORM_LIMIT, largeBody: false, resource: false });
    expect(table.guardsFor("/no/such/page")).toMatchObject({ bodyLimit: FORM_LIMIT, leafId: "routes/_public+/$" });
  });

  it("knows which routes may be turned away when busy, and which render no page", () => {
    expect(table.guardsFor("/healthz")).toMatchObject({ shed: false, resource: true, loader });
    expect(table.guardsFor("/test/t1").shed).toBe(true);
    const save = table.guardsFor("/api/attempts/a%201/answers");
    expect(save).toMatchObject({ resource: true, loader, action, leafId: "routes/api+/attempts.$attemptId.answers" });
    // the parameters as the framework gives them to the route: decoded
    expect(save.params).toEqual({ attemptId: "a 1" });
    // a page's own action is the framework's to call
    expect(table.guardsFor("/test/t1").action).toBeUndefined();
  });

  it("calls a resource route directly, never for a data request; only pages and data requests wait in the render queue", () => {
    const save = table.guardsFor("/api/attempts/a1/answers");
    expect(directHandler(save, "POST")).toBe(action);
    expect(directHandler(save, "GET")).toBe(loader);
    expect(directHandler(save, "HEAD")).toBe(loader);
    expect(save).toMatchObject({ queued: false, turnedAwayByFramework: true, dataRequest: false });
    const saveData = table.guardsFor("/api/attempts/a1/answers.data");
    expect(directHandler(saveData, "POST")).toBeUndefined();
    expect(saveData).toMatchObject({ queued: true, dataRequest: true });
    const exam = table.guardsFor("/test/t1");
    expect(directHandler(exam, "POST")).toBeUndefined();
    expect(exam).toMatchObject({ queued: true, turnedAwayByFramework: false });
    expect(table.guardsFor("/test/t1.data")).toMatchObject({ queued: true, turnedAwayByFramework: true });
  });
});

describe("the routes that take more than an ordinary form say so", () => {
  it("uploads, the backup import, the restore and the question editor; the health check is never turned away", async () => {
    const guardsOf = async (file: string) => ((await import(/* @vite-ignore */ `~/routes/${file}`)) as { handle?: { guards?: unknown } }).handle?.guards;
    expect(await guardsOf("admin+/_tests+/tests.upload")).toEqual({ body: "upload" });
    expect(await guardsOf("admin+/_tests+/tests.bulk-upload")).toEqual({ body: "upload" });
    expect(await guardsOf("admin+/_backup+/backup")).toEqual({ body: "upload" });
    expect(await guardsOf("admin+/_users+/users_.import")).toEqual({ body: "upload" });
    expect(await guardsOf("admin+/_backup+/backup_.restore")).toEqual({ body: "restore" });
    expect(await guardsOf("admin+/_tests+/csv_.$testId.edit")).toEqual({ body: "editor" });
    expect(await guardsOf("_public+/healthz")).toEqual({ shed: false });
  });
});
