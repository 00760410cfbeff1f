CREATE TABLE `site_texts` (
	`key` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL
);
