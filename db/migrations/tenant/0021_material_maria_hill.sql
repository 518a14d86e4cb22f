CREATE TABLE `campaign_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `campaign_shipping` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer NOT NULL,
	`contact_list_item_id` integer,
	`number` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`error` text,
	`claimed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text,
	`delivered_at` text,
	`message_id` integer,
	`ticket_id` integer,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_shipping_item_unique` ON `campaign_shipping` (`campaign_id`,`contact_list_item_id`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_status_idx` ON `campaign_shipping` (`campaign_id`,`status`);--> statement-breakpoint
CREATE INDEX `campaign_shipping_message_idx` ON `campaign_shipping` (`message_id`) WHERE message_id IS NOT NULL;--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`message1` text DEFAULT '' NOT NULL,
	`message2` text DEFAULT '' NOT NULL,
	`message3` text DEFAULT '' NOT NULL,
	`message4` text DEFAULT '' NOT NULL,
	`message5` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'INATIVA' NOT NULL,
	`scheduled_at` text,
	`started_at` text,
	`completed_at` text,
	`whatsapp_id` integer,
	`contact_list_id` integer,
	`tag_id` integer,
	`file_list_id` integer,
	`media_path` text,
	`media_name` text,
	`cursor` integer DEFAULT 0 NOT NULL,
	`pause_reason` text,
	`paused_until` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contact_list_id`) REFERENCES `contact_lists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `campaigns_status_idx` ON `campaigns` (`status`,`scheduled_at`);--> statement-breakpoint
CREATE INDEX `campaigns_name_idx` ON `campaigns` (`name`);--> statement-breakpoint
CREATE INDEX `contact_list_items_list_id_idx` ON `contact_list_items` (`contact_list_id`,`id`);