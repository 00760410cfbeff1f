CREATE TABLE `accommodations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`test_id` text,
	`extra_minutes` integer DEFAULT 0 NOT NULL,
	`extra_percent` integer DEFAULT 0 NOT NULL,
	`extra_attempts` integer DEFAULT 0 NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `accommodations_user_test_idx` ON `accommodations` (`user_id`,`test_id`);