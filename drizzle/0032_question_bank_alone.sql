CREATE TABLE `bank_question_versions` (
	`key` text NOT NULL,
	`version` integer NOT NULL,
	`content_key` text NOT NULL,
	`question` text NOT NULL,
	`options` text NOT NULL,
	`correct_answer` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`key`, `version`),
	FOREIGN KEY (`key`) REFERENCES `bank_questions`(`key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_question_versions_content_idx` ON `bank_question_versions` (`content_key`);--> statement-breakpoint
CREATE TABLE `bank_questions` (
	`key` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`question` text NOT NULL,
	`options` text NOT NULL,
	`correct_answer` integer NOT NULL,
	`explanation` text,
	`marks` real,
	`section` text,
	`topic` text,
	`exam_type` text NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_questions_exam_type_idx` ON `bank_questions` (`exam_type`);--> statement-breakpoint
INSERT INTO `bank_questions` (`key`, `version`, `question`, `options`, `correct_answer`, `explanation`, `marks`, `section`, `topic`, `exam_type`, `created_at`, `updated_at`)
SELECT q.bank_key, 1, q.question, q.options, q.correct_answer, q.explanation, q.marks, q.section, q.topic, t.exam_type, t.created_at, t.updated_at
FROM `questions` q JOIN `tests` t ON t.id = q.test_id
WHERE q.rowid IN (SELECT MAX(rowid) FROM `questions` WHERE bank_key IS NOT NULL GROUP BY bank_key);
--> statement-breakpoint
INSERT INTO `bank_question_versions` (`key`, `version`, `content_key`, `question`, `options`, `correct_answer`, `created_at`)
SELECT `key`, 1, `key`, `question`, `options`, `correct_answer`, `created_at` FROM `bank_questions`;
