CREATE TABLE `regrades` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`version` integer NOT NULL,
	`regraded_by` text NOT NULL,
	`reason` text NOT NULL,
	`attempts` integer NOT NULL,
	`changed_scores` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `regrades_test_idx` ON `regrades` (`test_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `attempts` ADD `regraded_at` integer;--> statement-breakpoint
ALTER TABLE `questions` ADD `dropped` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tests` ADD `upload_report` text;