CREATE TABLE `contact_list_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_list_id` integer NOT NULL,
	`name` text NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`is_whatsapp_valid` integer,
	`checked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contact_list_items_number_unique` ON `contact_list_items` (`contact_list_id`,`number`) WHERE number <> '';--> statement-breakpoint
CREATE INDEX `contact_list_items_list_name_idx` ON `contact_list_items` (`contact_list_id`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `contact_list_items_unchecked_idx` ON `contact_list_items` (`id`) WHERE is_whatsapp_valid IS NULL AND number <> '';--> statement-breakpoint
CREATE TABLE `contact_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_lists_name_idx` ON `contact_lists` (`name`);