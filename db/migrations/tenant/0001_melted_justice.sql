CREATE TABLE `channel_keys` (
	`whatsapp_id` integer NOT NULL,
	`type` text NOT NULL,
	`key_id` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `type`, `key_id`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`number` text NOT NULL,
	`lid` text,
	`email` text DEFAULT '' NOT NULL,
	`profile_pic_url` text DEFAULT '' NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`disable_bot` integer DEFAULT false NOT NULL,
	`whatsapp_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_number_unique` ON `contacts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `contacts_lid_unique` ON `contacts` (`lid`);--> statement-breakpoint
CREATE INDEX `contacts_name_idx` ON `contacts` (`name`);--> statement-breakpoint
CREATE TABLE `lid_map` (
	`lid` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`wid` text NOT NULL,
	`ticket_id` integer NOT NULL,
	`contact_id` integer,
	`whatsapp_id` integer,
	`user_id` integer,
	`queue_id` integer,
	`body` text DEFAULT '' NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`ack` integer DEFAULT 0 NOT NULL,
	`media_type` text DEFAULT 'chat' NOT NULL,
	`media_url` text,
	`media_name` text,
	`media_error` text,
	`remote_jid` text DEFAULT '' NOT NULL,
	`participant` text,
	`quoted_msg_id` integer,
	`is_deleted` integer DEFAULT false NOT NULL,
	`is_edited` integer DEFAULT false NOT NULL,
	`meta` text,
	`data_json` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_wid_unique` ON `messages` (`whatsapp_id`,`wid`);--> statement-breakpoint
CREATE INDEX `messages_ticket_idx` ON `messages` (`ticket_id`,`id`);--> statement-breakpoint
CREATE TABLE `sandbox_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`number` text NOT NULL,
	`wid` text NOT NULL,
	`kind` text DEFAULT 'text' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`media_url` text,
	`media_type` text,
	`ack` integer DEFAULT 1 NOT NULL,
	`deleted` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_outbox_number_idx` ON `sandbox_outbox` (`whatsapp_id`,`number`,`id`);--> statement-breakpoint
CREATE INDEX `sandbox_outbox_wid_idx` ON `sandbox_outbox` (`whatsapp_id`,`wid`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`unread_messages` integer DEFAULT 0 NOT NULL,
	`last_message` text DEFAULT '' NOT NULL,
	`is_group` integer DEFAULT false NOT NULL,
	`from_me` integer DEFAULT false NOT NULL,
	`contact_id` integer NOT NULL,
	`whatsapp_id` integer,
	`user_id` integer,
	`queue_id` integer,
	`chatbot` integer DEFAULT false NOT NULL,
	`queue_option_id` integer,
	`amount_used_bot_queues` integer DEFAULT 0 NOT NULL,
	`use_integration` integer DEFAULT false NOT NULL,
	`integration_id` integer,
	`prompt_id` integer,
	`closed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_uuid_unique` ON `tickets` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_active_unique` ON `tickets` (`contact_id`,`whatsapp_id`) WHERE status IN ('open', 'pending');--> statement-breakpoint
CREATE INDEX `tickets_contact_idx` ON `tickets` (`contact_id`,`whatsapp_id`,`id`);--> statement-breakpoint
CREATE INDEX `tickets_status_updated_idx` ON `tickets` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `tickets_user_idx` ON `tickets` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `tickets_queue_idx` ON `tickets` (`queue_id`,`status`);--> statement-breakpoint
CREATE TABLE `whatsapp_queues` (
	`whatsapp_id` integer NOT NULL,
	`queue_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`whatsapp_id`, `queue_id`),
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `whatsapp_queues_queue_idx` ON `whatsapp_queues` (`queue_id`);--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `qrcode` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `retries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `number` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `token` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `greeting_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `complation_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `out_of_hours_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `rating_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `farewell_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `expires_inactive_message` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `expires_ticket` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `time_use_bot_queues` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `max_use_bot_queues` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `transfer_queue_id` integer REFERENCES queues(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `time_to_transfer` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `integration_id` integer;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `prompt_id` integer;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `whitelist` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `blacklist` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `schedules` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `whatsapps_token_idx` ON `whatsapps` (`token`);