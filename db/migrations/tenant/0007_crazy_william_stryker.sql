DROP INDEX `ticket_trackings_queued_idx`;--> statement-breakpoint
CREATE INDEX `ticket_trackings_period_idx` ON `ticket_trackings` (`queued_at`,`user_id`,`started_at`,`finished_at`);