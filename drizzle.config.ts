import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.server.ts",
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_URL ?? "./data/app.db" },
});
