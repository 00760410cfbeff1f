import { describe, expect, it } from "vitest";
import {
  FORM_LIMIT,
  fieldCounter,
  fieldNameProblem,
  fieldNamesProblem,
  MANIFEST_MAX_PATHS,
  manifestQueryProblem,
  discoveryProblem,
  mayBeFile,
  originRelativeTarget,
  fieldsVerdict,
  formKindOf,
  inspectBody,
  routePath,
} from "~/lib/server/request-limits";

describe("which requests may be files", () => {
  it("those with an extension, never a page or its data request", () => {
    expect(["/favicon.svg", "/robots.txt", "/build/core-abc.js"].map(mayBeFile)).toEqual([true, true, true]);
    expect(["/dashboard", "/test/t1.data", "/_root.data", "/test/a.b/results.data"].map(mayBeFile)).toEqual([false, false, false, false]);
  });
});

describe("reading a route's address", () => {
  it("reads Remix's data URLs as their route", () => {
    expect(routePath("/_root.data")).toBe("/");
    expect(routePath("/test/t1.data")).toBe("/test/t1");
    expect(routePath("/admin/tests/")).toBe("/admin/tests");
  });
});

describe("inspectBody", () => {
  const form = (s: string) => Buffer.from(s);
  it("accepts a url-encoded form within the field count", () => {
    expect(inspectBody("application/x-www-form-urlencoded", form("a=1&b=2"), FORM_LIMIT)).toEqual({
      ok: true,
      contentType: "application/x-www-form-urlencoded",
    });
  });

  it("refuses more than 1,000 url-encoded fields with 413", () => {
    const body = form(Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join("&"));
    expect(inspectBody("application/x-www-form-urlencoded; charset=UTF-8", body, FORM_LIMIT)).toMatchObject({ ok: false, status: 413 });
  });

  it("refuses multipart without a boundary with 400, and too many parts with 413", () => {
    expect(inspectBody("multipart/form-data", form("x"), FORM_LIMIT)).toMatchObject({ ok: false, status: 400 });
    const parts = `${Array.from({ length: 1002 }, () => '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n').join("")}--XyZ--\r\n`;
    expect(inspectBody("multipart/form-data; boundary=XyZ", form(parts), FORM_LIMIT)).toMatchObject({ ok: false, status: 413 });
    const few = '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XyZ--\r\n';
    expect(inspectBody('multipart/form-data; boundary="XyZ"', form(few), FORM_LIMIT)).toMatchObject({ ok: true });
  });

  it("refuses JSON, text and other bodies with 415; an empty body without a type is an empty form", () => {
    expect(inspectBody("application/json", form('{"a":1}'), FORM_LIMIT)).toMatchObject({ ok: false, status: 415 });
    expect(inspectBody("text/plain", form("a=1"), FORM_LIMIT)).toMatchObject({ ok: false, status: 415 });
    expect(inspectBody(undefined, form("a=1"), FORM_LIMIT)).toMatchObject({ ok: false, status: 415 });
    expect(inspectBody(undefined, form(""), FORM_LIMIT)).toEqual({ ok: true, contentType: "application/x-www-form-urlencoded" });
  });
});

describe("fieldCounter (a body counted as it streams to disk)", () => {
  it("counts a separator split across chunks once, and gives the same count as the whole body", () => {
    const parts = `${Array.from({ length: 7 }, (_, i) => `--XyZ\r\nContent-Disposition: form-data; name="a${i}"\r\n\r\n${i}\r\n`).join("")}--XyZ--\r\n`;
    const kind = formKindOf("multipart/form-data; boundary=XyZ");
    if (!kind.ok) throw new Error("not a form");
    for (const size of [1, 2, 3, 5, 64, parts.length]) {
      const counter = fieldCounter(kind);
      for (let at = 0; at < parts.length; at += size) counter.push(Buffer.from(parts.slice(at, at + size)));
      expect(counter.fields()).toBe(7);
    }
  });

  it("counts url-encoded fields by their separators, none for an empty body", () => {
    const kind = formKindOf("application/x-www-form-urlencoded");
    if (!kind.ok) throw new Error("not a form");
    const empty = fieldCounter(kind);
    expect(empty.fields()).toBe(0);
    const three = fieldCounter(kind);
    three.push(Buffer.from("a=1&b"));
    three.push(Buffer.from("=2&c=3"));
    expect(three.fields()).toBe(3);
    expect(fieldsVerdict(kind, 1001, FORM_LIMIT)).toMatchObject({ ok: false, status: 413 });
  });

  it("knows a form from anything else before a byte is read", () => {
    expect(formKindOf("application/json")).toMatchObject({ ok: false, status: 415 });
    expect(formKindOf("multipart/form-data")).toMatchObject({ ok: false, status: 400 });
  });
});

describe("field names", () => {
  it("accepts the names this site's forms use", () => {
    for (const name of ["email", "questions[499].options[5]", "ids[0]", "a.b.c", "__intent__", "x[1000]", "tags[]", "items[abc]"])
      expect({ name, problem: fieldNameProblem(name) }).toEqual({ name, problem: null });
  });

  it("refuses a list index past 1,000 and a name nested more than 10 levels", () => {
    expect(fieldNameProblem("x[9999999]")).toMatch(/list too long/);
    expect(fieldNameProblem("x[1001]")).toMatch(/list too long/);
    expect(fieldNameProblem("x[00000000000001]")).toMatch(/list too long/);
    expect(fieldNameProblem(`x${".a".repeat(10)}`)).toMatch(/nested too deeply/);
    expect(fieldNameProblem(`x${"[0]".repeat(1500)}`)).toMatch(/nested too deeply/);
    expect(fieldNameProblem(`x${".a".repeat(9)}`)).toBeNull();
    expect(fieldNamesProblem(["name", "x[9999999]"])).toMatch(/list too long/);
    expect(fieldNamesProblem(["name", "email"])).toBeNull();
  });
});

describe("route discovery queries", () => {
  it("accepts what the site's pages ask for", () => {
    expect(manifestQueryProblem("?p=%2Fdashboard&p=%2Ftest%2Fabc%2Fresults&version=1a2b")).toBeNull();
    expect(manifestQueryProblem("")).toBeNull();
  });

  it("refuses too many paths, a path too deep and a path too long", () => {
    expect(manifestQueryProblem(`?${Array.from({ length: MANIFEST_MAX_PATHS + 1 }, (_, i) => `p=/t${i}`).join("&")}`)).toMatch(/too many/);
    expect(manifestQueryProblem(`?p=${"/a".repeat(13)}`)).toMatch(/too deep/);
    expect(manifestQueryProblem(`?p=/${"a".repeat(7600)}`)).toMatch(/too long/);
  });

  it("is asked of route discovery's address only, with the query as it came", () => {
    expect(discoveryProblem("/__manifest", `/__manifest?p=/${"a".repeat(7600)}`)).toMatch(/too long/);
    expect(discoveryProblem("/__manifest", "/__manifest")).toBeNull();
    expect(discoveryProblem("/login", `/login?p=/${"a".repeat(7600)}`)).toBeNull();
  });

  it("reads React Router 7's shape too (one comma-separated paths)", () => {
    expect(manifestQueryProblem("?paths=%2Fdashboard%2C%2Ftest%2Fabc%2Fresults&version=1a2b")).toBeNull();
    expect(manifestQueryProblem(`?paths=${Array.from({ length: MANIFEST_MAX_PATHS + 1 }, (_, i) => `/t${i}`).join(",")}`)).toMatch(/too many/);
    expect(manifestQueryProblem(`?paths=/ok,${"/a".repeat(13)}`)).toMatch(/too deep/);
  });
});

describe("originRelativeTarget", () => {
  it("keeps only the path and query of an absolute-form target, and collapses leading slashes", () => {
    expect(originRelativeTarget("http://evil.example/admin/users/u1/sign-in-link?x=1")).toBe("/admin/users/u1/sign-in-link?x=1");
    expect(originRelativeTarget("//evil.example/admin/users/u1/sign-in-link")).toBe("/evil.example/admin/users/u1/sign-in-link");
    expect(originRelativeTarget("///x")).toBe("/x");
    expect(originRelativeTarget("/test/t1?start=confirm")).toBe("/test/t1?start=confirm");
    expect(new URL(originRelativeTarget("//evil.example/x"), "https://tests.example.org").origin).toBe("https://tests.example.org");
  });
});
