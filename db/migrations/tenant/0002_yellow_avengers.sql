CREATE TABLE `contact_custom_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_custom_fields_contact_idx` ON `contact_custom_fields` (`contact_id`);--> statement-breakpoint
CREATE TABLE `ticket_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`note` text NOT NULL,
	`user_id` integer,
	`contact_id` integer NOT NULL,
	`ticket_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_notes_ticket_idx` ON `ticket_notes` (`ticket_id`,`id`);--> statement-breakpoint
CREATE INDEX `ticket_notes_contact_idx` ON `ticket_notes` (`contact_id`,`id`);--> statement-breakpoint
ALTER TABLE `contacts` ADD `birthdate` text;--> statement-breakpoint
ALTER TABLE `contacts` ADD `is_customer` integer DEFAULT false NOT NULL;