CREATE TABLE `ticket_automation` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`program` text NOT NULL,
	`flow_id` integer,
	`cursor` text NOT NULL,
	`queue_id` integer,
	`option_id` integer,
	`rounds` integer DEFAULT 0 NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`wake_at` text,
	`out_of_hours_at` text,
	`stop_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_automation_ticket_unique` ON `ticket_automation` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_automation_wake_idx` ON `ticket_automation` (`wake_at`) WHERE wake_at IS NOT NULL;