-- Students may sign in with a roll number or phone instead of an e-mail: email becomes optional (the table is
-- rebuilt; applyMigrations turns foreign keys off around migrations, so dropping the old table cascades nothing).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`roll_number` text,
	`name` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'user' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`join_date` integer NOT NULL,
	`last_login` integer,
	`global_test_limit` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_sign_in_name" CHECK("email" IS NOT NULL OR "roll_number" IS NOT NULL)
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "email", "roll_number", "name", "password_hash", "role", "status", "join_date", "last_login", "global_test_limit", "created_at", "updated_at") SELECT "id", "email", NULL, "name", "password_hash", "role", "status", "join_date", "last_login", "global_test_limit", "created_at", "updated_at" FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_roll_number_unique` ON `users` (`roll_number`);--> statement-breakpoint
CREATE INDEX `users_role_name_idx` ON `users` (`role`,`name`);--> statement-breakpoint
CREATE INDEX `users_status_idx` ON `users` (`status`);