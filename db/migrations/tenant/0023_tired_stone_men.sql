CREATE TABLE `campaign_connections` (
	`whatsapp_id` integer PRIMARY KEY NOT NULL,
	`rate_limit_step` integer DEFAULT 0 NOT NULL,
	`rate_limited_at` text,
	`sends_since_limit` integer DEFAULT 0 NOT NULL,
	`restricted_until` text,
	`restricted_known` integer DEFAULT false NOT NULL,
	`day` text DEFAULT '' NOT NULL,
	`day_sends` integer DEFAULT 0 NOT NULL,
	`number` text DEFAULT '' NOT NULL,
	`number_since` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `failed_code` text;