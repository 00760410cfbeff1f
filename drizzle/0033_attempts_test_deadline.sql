DROP INDEX `attempts_test_idx`;--> statement-breakpoint
CREATE INDEX `attempts_test_deadline_idx` ON `attempts` (`test_id`,`status`,`deadline_at`);