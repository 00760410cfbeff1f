/**
 * What the production server scripts (server/*.js, plain ESM run by Node) use from the Remix build:
 * the entry module's exports. server/build.js types the dynamic import with this, and
 * `npm run typecheck` checks the scripts against it.
 */
export type ServerEntry = typeof import("./entry.server");
