// Backup & Import (spec 001): the file format, export and import, each in its own module; imported from here.
export * from "./backup-export.server";
export * from "./backup-format.server";
export * from "./backup-import.server";
