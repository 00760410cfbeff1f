ALTER TABLE `questions` ADD `section` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `topic` text;