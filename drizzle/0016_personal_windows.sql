ALTER TABLE `accommodations` ADD `opens_at` integer;--> statement-breakpoint
ALTER TABLE `accommodations` ADD `closes_at` integer;