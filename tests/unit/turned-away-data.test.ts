import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { type BuiltRoute, leafRouteIdOf, pageAddressOf, turnedAwayDataBody } from "~/lib/server/turned-away-data.server";

// the shape of the server build's route list (build.routes)
const routes: Record<string, BuiltRoute> = {
  root: { id: "root", path: "" },
  "routes/_public+/index": { id: "routes/_public+/index", parentId: "root", index: true },
  "routes/admin+/_layout": { id: "routes/admin+/_layout", parentId: "root", path: "admin" },
  "routes/admin+/index": { id: "routes/admin+/index", parentId: "routes/admin+/_layout", index: true },
  "routes/admin+/_users+/users": { id: "routes/admin+/_users+/users", parentId: "routes/admin+/_layout", path: "users" },
  "routes/admin+/_users+/users.new": { id: "routes/admin+/_users+/users.new", parentId: "routes/admin+/_users+/users", path: "new" },
  "routes/_public+/$": { id: "routes/_public+/$", parentId: "root", path: "*" },
};

/** Reads the body the way Remix's browser code does (its "ErrorResponse" plugin). */
async function read(body: string) {
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(body));
      controller.close();
    },
  });
  const decoded = await decode(stream, {
    plugins: [
      (type: string, ...rest: unknown[]) => (type === "ErrorResponse" ? { value: { data: rest[0], status: rest[1], statusText: rest[2] } } : undefined),
    ],
  });
  return decoded.value as Record<string, unknown>;
}

describe("a page's data request turned away", () => {
  it("reads the page's address from the data request's", () => {
    expect(pageAddressOf("/admin/users.data")).toBe("/admin/users");
    expect(pageAddressOf("/_root.data")).toBe("/");
    expect(pageAddressOf("/test/t1/results.data")).toBe("/test/t1/results");
  });

  it("finds the deepest route of an address, index routes included, and the splat for anything else", () => {
    expect(leafRouteIdOf(routes, "/admin/users/new")).toBe("routes/admin+/_users+/users.new");
    expect(leafRouteIdOf(routes, "/admin")).toBe("routes/admin+/index");
    expect(leafRouteIdOf(routes, "/")).toBe("routes/_public+/index");
    expect(leafRouteIdOf(routes, "/nowhere/at/all")).toBe("routes/_public+/$");
  });

  it("gives a navigation's deepest route a 503 with the message, and nothing for the layouts above it", async () => {
    const value = await read(await turnedAwayDataBody(routes, "GET", new URL("http://x/admin/users.data"), "Busy: press again."));
    expect(Object.keys(value)).toEqual(["routes/admin+/_users+/users"]);
    expect(value["routes/admin+/_users+/users"]).toEqual({ error: { data: "Busy: press again.", status: 503, statusText: "Service Unavailable" } });
  });

  it("uses the last route a `_routes` list names, and a form post's single result", async () => {
    const listed = await read(
      await turnedAwayDataBody(routes, "GET", new URL("http://x/admin/users/new.data?_routes=routes/admin%2B/_users%2B/users"), "Busy"),
    );
    expect(Object.keys(listed)).toEqual(["routes/admin+/_users+/users"]);
    const post = await read(await turnedAwayDataBody(routes, "POST", new URL("http://x/admin/users/new.data"), "Busy"));
    expect(post).toEqual({ error: { data: "Busy", status: 503, statusText: "Service Unavailable" } });
  });
});
