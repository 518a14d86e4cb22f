ALTER TABLE `whatsapps` ADD `next_retry_at` text;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `status_reason` text DEFAULT '' NOT NULL;