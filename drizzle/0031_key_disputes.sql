ALTER TABLE `questions` ADD `accepted` text;--> statement-breakpoint
ALTER TABLE `questions` ADD `bonus` integer DEFAULT false NOT NULL;