CREATE TABLE `test_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`text` text NOT NULL,
	`sent_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `test_messages_test_idx` ON `test_messages` (`test_id`,`created_at`);