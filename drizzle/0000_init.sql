CREATE TABLE `announcement_exam_types` (
	`announcement_id` text NOT NULL,
	`exam_type` text NOT NULL,
	PRIMARY KEY(`announcement_id`, `exam_type`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `announcement_users` (
	`announcement_id` text NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`announcement_id`, `user_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_users_user_idx` ON `announcement_users` (`user_id`);--> statement-breakpoint
CREATE TABLE `announcements` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`type` text DEFAULT 'general' NOT NULL,
	`image_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`scheduled_for` integer,
	`target_type` text DEFAULT 'all' NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_active_created_idx` ON `announcements` (`is_active`,`created_at`);--> statement-breakpoint
CREATE TABLE `attempt_answers` (
	`attempt_id` text NOT NULL,
	`question_id` text NOT NULL,
	`chosen_index` integer,
	`marked_for_review` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`attempt_id`, `question_id`),
	FOREIGN KEY (`attempt_id`) REFERENCES `attempts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`test_id` text NOT NULL,
	`user_id` text NOT NULL,
	`test_version` integer DEFAULT 1 NOT NULL,
	`status` text DEFAULT 'in_progress' NOT NULL,
	`started_at` integer NOT NULL,
	`deadline_at` integer NOT NULL,
	`completed_at` integer,
	`score` integer,
	`total_questions` integer NOT NULL,
	`time_spent` integer,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `attempts_user_test_idx` ON `attempts` (`user_id`,`test_id`,`status`);--> statement-breakpoint
CREATE INDEX `attempts_test_idx` ON `attempts` (`test_id`,`status`);--> statement-breakpoint
CREATE INDEX `attempts_user_completed_idx` ON `attempts` (`user_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `attempts_completed_idx` ON `attempts` (`completed_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `attempts_one_in_progress` ON `attempts` (`user_id`,`test_id`) WHERE status = 'in_progress';--> statement-breakpoint
CREATE TABLE `books` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`cover_url` text NOT NULL,
	`description` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `books_created_idx` ON `books` (`created_at`);--> statement-breakpoint
CREATE TABLE `exam_types` (
	`id` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`label` text NOT NULL,
	`is_builtin` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exam_types_value_unique` ON `exam_types` (`value`);--> statement-breakpoint
CREATE TABLE `materials` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`exam_type` text NOT NULL,
	`google_drive_link` text NOT NULL,
	`thumbnail_url` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`upload_date` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `materials_active_upload_idx` ON `materials` (`is_active`,`upload_date`);--> statement-breakpoint
CREATE TABLE `questions` (
	`test_id` text NOT NULL,
	`version` integer NOT NULL,
	`id` text NOT NULL,
	`position` integer NOT NULL,
	`question` text NOT NULL,
	`options` text NOT NULL,
	`correct_answer` integer NOT NULL,
	`explanation` text,
	PRIMARY KEY(`test_id`, `version`, `id`),
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `questions_test_version_position_idx` ON `questions` (`test_id`,`version`,`position`);--> statement-breakpoint
CREATE TABLE `tests` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`exam_type` text NOT NULL,
	`unit_number` integer,
	`unit_name` text,
	`duration` integer DEFAULT 60 NOT NULL,
	`total_questions` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`max_attempts` integer,
	`current_version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tests_exam_type_active_idx` ON `tests` (`exam_type`,`is_active`,`unit_number`);--> statement-breakpoint
CREATE INDEX `tests_created_idx` ON `tests` (`created_at`);--> statement-breakpoint
CREATE TABLE `user_exam_types` (
	`user_id` text NOT NULL,
	`exam_type` text NOT NULL,
	PRIMARY KEY(`user_id`, `exam_type`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_exam_types_type_idx` ON `user_exam_types` (`exam_type`);--> statement-breakpoint
CREATE TABLE `user_test_limits` (
	`user_id` text NOT NULL,
	`test_id` text NOT NULL,
	`max_attempts` integer NOT NULL,
	PRIMARY KEY(`user_id`, `test_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`test_id`) REFERENCES `tests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'user' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`join_date` integer NOT NULL,
	`last_login` integer,
	`global_test_limit` integer,
	`session_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_role_name_idx` ON `users` (`role`,`name`);--> statement-breakpoint
CREATE INDEX `users_status_idx` ON `users` (`status`);