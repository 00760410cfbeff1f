CREATE TABLE `announcement_batches` (
	`announcement_id` text NOT NULL,
	`batch_id` text NOT NULL,
	PRIMARY KEY(`announcement_id`, `batch_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `batch_members` (
	`batch_id` text NOT NULL,
	`user_id` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`batch_id`, `user_id`),
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `batch_members_user_idx` ON `batch_members` (`user_id`,`batch_id`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`archived_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batches_name_unique` ON `batches` (lower("name"));--> statement-breakpoint
CREATE TABLE `material_batches` (
	`material_id` text NOT NULL,
	`batch_id` text NOT NULL,
	PRIMARY KEY(`material_id`, `batch_id`),
	FOREIGN KEY (`material_id`) REFERENCES `materials`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `test_batches` (
	`test_id` text NOT NULL,
	`batch_id` text NOT NULL,
	`opens_at` integer,
	`closes_at` integer,
	`answer_release` text,
	PRIMARY KEY(`test_id`, `batch_id`),
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `test_batches_batch_idx` ON `test_batches` (`batch_id`);