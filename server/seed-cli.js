// `npm run db:seed`: empties the database and seeds it again (owner admin, built-in exam types, demo content).
import path from "node:path";
import url from "node:url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const build = await import(url.pathToFileURL(path.join(root, "build/index.js")).href);
await build.entry.module.reseed();
build.entry.module.shutdown();
