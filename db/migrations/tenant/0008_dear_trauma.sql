DROP INDEX `ticket_trackings_period_idx`;--> statement-breakpoint
ALTER TABLE `ticket_trackings` ADD `wait_seconds` integer;--> statement-breakpoint
ALTER TABLE `ticket_trackings` ADD `support_seconds` integer;--> statement-breakpoint
CREATE INDEX `ticket_trackings_user_period_idx` ON `ticket_trackings` (`user_id`,`queued_at`,`finished_at`,`wait_seconds`,`support_seconds`);--> statement-breakpoint
CREATE INDEX `ticket_trackings_period_idx` ON `ticket_trackings` (`queued_at`,`user_id`);--> statement-breakpoint
UPDATE `ticket_trackings` SET `wait_seconds` = CAST(round((julianday(`started_at`) - julianday(`queued_at`)) * 86400) AS integer) WHERE `started_at` IS NOT NULL AND `queued_at` IS NOT NULL;
--> statement-breakpoint
UPDATE `ticket_trackings` SET `support_seconds` = CAST(round((julianday(`finished_at`) - julianday(`started_at`)) * 86400) AS integer) WHERE `finished_at` IS NOT NULL AND `started_at` IS NOT NULL;
