ALTER TABLE `attempts` ADD `shuffle_mode` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `attempts` ADD `shuffle_seed` integer;--> statement-breakpoint
ALTER TABLE `tests` ADD `shuffle_questions` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `tests` ADD `shuffle_options` integer DEFAULT false NOT NULL;