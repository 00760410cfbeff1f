CREATE TABLE `form_receipts` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`result` text,
	`created_at` integer NOT NULL
);
