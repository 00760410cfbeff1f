CREATE TABLE `academy_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `batches` ADD `join_code` text;--> statement-breakpoint
CREATE UNIQUE INDEX `batches_join_code_unique` ON `batches` (`join_code`);