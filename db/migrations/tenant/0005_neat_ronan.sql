CREATE TABLE `address_book` (
	`whatsapp_id` integer NOT NULL,
	`number` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `number`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `quick_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shortcode` text NOT NULL,
	`message` text NOT NULL,
	`geral` integer DEFAULT false NOT NULL,
	`user_id` integer,
	`media_path` text,
	`media_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quick_messages_owner_shortcode_unique` ON `quick_messages` (`user_id`,`shortcode`);--> statement-breakpoint
CREATE INDEX `quick_messages_geral_idx` ON `quick_messages` (`geral`,`shortcode`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`body` text NOT NULL,
	`send_at` text NOT NULL,
	`sent_at` text,
	`status` text DEFAULT 'PENDENTE' NOT NULL,
	`error` text,
	`contact_id` integer NOT NULL,
	`ticket_id` integer,
	`user_id` integer,
	`whatsapp_id` integer,
	`media_path` text,
	`media_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `schedules_due_idx` ON `schedules` (`status`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_contact_idx` ON `schedules` (`contact_id`,`send_at`);--> statement-breakpoint
CREATE INDEX `schedules_send_at_idx` ON `schedules` (`send_at`);--> statement-breakpoint
CREATE TABLE `user_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`tracking_id` integer NOT NULL,
	`user_id` integer,
	`rate` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tracking_id`) REFERENCES `ticket_trackings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_ratings_tracking_unique` ON `user_ratings` (`tracking_id`);--> statement-breakpoint
CREATE INDEX `user_ratings_user_idx` ON `user_ratings` (`user_id`);--> statement-breakpoint
ALTER TABLE `ticket_trackings` ADD `rating_asks` integer DEFAULT 0 NOT NULL;