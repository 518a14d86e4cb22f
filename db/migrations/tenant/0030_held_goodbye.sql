ALTER TABLE `tickets` ADD `goodbye_at` text;--> statement-breakpoint
CREATE INDEX `tickets_goodbye_idx` ON `tickets` (`goodbye_at`) WHERE goodbye_at IS NOT NULL;