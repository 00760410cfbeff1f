// @ts-check
// `npm run db:migrate`: applies pending migrations (drizzle/) to DATABASE_URL without starting the server.
// The server does the same at every start; this is for a deployment that migrates as a separate step.
import { loadBuild } from "./build.js";

const { entry } = await loadBuild();
entry.migrateDatabase();
entry.shutdown();
console.log("migrations applied");
