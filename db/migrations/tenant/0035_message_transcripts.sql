ALTER TABLE `messages` ADD `transcript` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `transcript_tries` integer DEFAULT 0 NOT NULL;