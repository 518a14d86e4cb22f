CREATE TABLE `ticket_trackings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`whatsapp_id` integer,
	`user_id` integer,
	`queue_id` integer,
	`queued_at` text,
	`started_at` text,
	`finished_at` text,
	`rating_at` text,
	`rated` integer DEFAULT false NOT NULL,
	`chatbot_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_trackings_ticket_idx` ON `ticket_trackings` (`ticket_id`,`finished_at`);--> statement-breakpoint
CREATE INDEX `ticket_trackings_queued_idx` ON `ticket_trackings` (`queued_at`);--> statement-breakpoint
CREATE INDEX `ticket_trackings_finished_idx` ON `ticket_trackings` (`finished_at`);