CREATE TABLE `file_list_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_list_id` integer NOT NULL,
	`name` text NOT NULL,
	`path` text DEFAULT '' NOT NULL,
	`media_type` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`file_list_id`) REFERENCES `file_lists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_list_options_list_idx` ON `file_list_options` (`file_list_id`,`id`);--> statement-breakpoint
CREATE TABLE `file_lists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_lists_name_unique` ON `file_lists` (`name`);