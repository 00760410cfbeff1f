ALTER TABLE `questions` ADD `bank_key` text;--> statement-breakpoint
CREATE INDEX `questions_bank_key_idx` ON `questions` (`bank_key`);