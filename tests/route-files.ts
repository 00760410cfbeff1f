// The route files under app/routes and the address each answers, read the way remix.config.js reads them
// (remix-flat-routes): a folder whose name ends in "+" is part of a flat file name, a segment starting with
// "_" adds nothing to the address, "_index"/"index" and "_layout" files add nothing either, a trailing "_"
// leaves the parent's layout, "$name" is a parameter, "$" the splat and "[.]" a literal dot.
import fs from "node:fs";
import path from "node:path";

// (from the repository root, where vitest and Playwright both run)
export const ROUTES_DIR = path.resolve("app/routes");

/** Every route module, as its path under app/routes ("admin+/_tests+/tests.$testId.edit.tsx"). */
export function routeFiles(): string[] {
  return (fs.readdirSync(ROUTES_DIR, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join("/"))
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\./.test(f))
    .sort();
}

/** "admin+/_tests+/tests.$testId.edit.tsx" → "/admin/tests/:testId/edit" */
export function urlPatternOf(file: string): string {
  const flatName = file
    .replace(/^.*\/routes\//, "")
    .replace(/\.(ts|tsx)$/, "")
    .replace(/\+\//g, ".");
  // a dot not written as "[.]" separates segments
  const segments = flatName.split(/(?<!\[)\.(?!\])/).map((s) => s.replaceAll("[.]", "."));
  const last = segments.length - 1;
  return `/${segments
    .filter((s, i) => !(s.startsWith("_") && s !== "_") && !(i === last && s === "index"))
    .map((s) => (s === "$" ? "*" : s.replace(/_$/, "").replace(/^\$/, ":")))
    .join("/")}`;
}
