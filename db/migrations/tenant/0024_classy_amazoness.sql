CREATE TABLE `number_check_backoff` (
	`whatsapp_id` integer PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`until` text NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `number_check_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`at` text NOT NULL,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `number_check_log_connection_idx` ON `number_check_log` (`whatsapp_id`,`at`);--> statement-breakpoint
CREATE TABLE `number_checks` (
	`number` text PRIMARY KEY NOT NULL,
	`jid` text,
	`checked_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `number_checks_checked_idx` ON `number_checks` (`checked_at`);--> statement-breakpoint
ALTER TABLE `contact_list_items` ADD `wa_jid` text;