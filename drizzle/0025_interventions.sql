ALTER TABLE `attempts` ADD `submitted_by` text;--> statement-breakpoint
ALTER TABLE `tests` ADD `release_override` text;