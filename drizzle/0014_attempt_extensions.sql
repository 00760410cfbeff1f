CREATE TABLE `attempt_extensions` (
	`id` text PRIMARY KEY NOT NULL,
	`attempt_id` text NOT NULL,
	`minutes` integer NOT NULL,
	`reason` text NOT NULL,
	`given_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`attempt_id`) REFERENCES `attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attempt_extensions_attempt_idx` ON `attempt_extensions` (`attempt_id`);