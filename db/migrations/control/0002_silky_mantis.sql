CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`priority` integer DEFAULT 3 NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`media_path` text,
	`media_name` text,
	`company_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `announcements_status_priority_idx` ON `announcements` (`status`,`priority`,`id`);