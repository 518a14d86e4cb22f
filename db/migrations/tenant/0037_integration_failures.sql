ALTER TABLE `queue_integrations` ADD `last_error` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `queue_integrations` ADD `last_error_at` text;