CREATE TABLE `import_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`summary` text NOT NULL,
	`items` text NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `import_reports_created_idx` ON `import_reports` (`created_at`);