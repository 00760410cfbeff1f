DROP INDEX `attempts_stats_idx`;--> statement-breakpoint
ALTER TABLE `attempts` ADD `marks` real;--> statement-breakpoint
ALTER TABLE `attempts` ADD `max_marks` real;--> statement-breakpoint
CREATE INDEX `attempts_stats_idx` ON `attempts` (`status`,`user_id`,`test_id`,`score`,`total_questions`,`completed_at`,`marks`,`max_marks`);--> statement-breakpoint
ALTER TABLE `questions` ADD `marks` real;--> statement-breakpoint
ALTER TABLE `tests` ADD `marks_per_correct` real DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tests` ADD `negative_marks` real DEFAULT 0 NOT NULL;