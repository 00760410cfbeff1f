ALTER TABLE `tests` ADD `opens_at` integer;--> statement-breakpoint
ALTER TABLE `tests` ADD `closes_at` integer;