// @ts-check
// `npm run db:seed`: empties the database and seeds it again (owner admin, built-in exam types, demo content).
import { loadBuild } from "./build.js";

const { entry } = await loadBuild();
await entry.reseed();
entry.shutdown();
