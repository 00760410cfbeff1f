CREATE TABLE `bookmarks` (
	`user_id` text NOT NULL,
	`test_id` text NOT NULL,
	`version` integer NOT NULL,
	`question_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `test_id`, `version`, `question_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `practice_items` (
	`round_id` text NOT NULL,
	`position` integer NOT NULL,
	`test_id` text NOT NULL,
	`version` integer NOT NULL,
	`question_id` text NOT NULL,
	`chosen_index` integer,
	`correct` integer,
	PRIMARY KEY(`round_id`, `position`),
	FOREIGN KEY (`round_id`) REFERENCES `practice_rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practice_items_question_idx` ON `practice_items` (`test_id`,`version`,`question_id`);--> statement-breakpoint
CREATE TABLE `practice_rounds` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `practice_rounds_user_idx` ON `practice_rounds` (`user_id`,`created_at`);