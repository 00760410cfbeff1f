// `npm run db:migrate`: applies pending migrations (drizzle/) to DATABASE_URL without starting the server.
// The server does the same at every start; this is for a deployment that migrates as a separate step.
import path from "node:path";
import url from "node:url";

const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const build = await import(url.pathToFileURL(path.join(root, "build/index.js")).href);
build.entry.module.migrateDatabase();
build.entry.module.shutdown();
console.log("migrations applied");
