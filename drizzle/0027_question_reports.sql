CREATE TABLE `question_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`test_id` text NOT NULL,
	`version` integer NOT NULL,
	`question_id` text NOT NULL,
	`kind` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolution` text,
	`seen_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `question_reports_once` ON `question_reports` (`user_id`,`test_id`,`question_id`);--> statement-breakpoint
CREATE INDEX `question_reports_question_idx` ON `question_reports` (`test_id`,`question_id`,`resolved_at`);--> statement-breakpoint
CREATE INDEX `question_reports_open_idx` ON `question_reports` (`resolved_at`,`created_at`);