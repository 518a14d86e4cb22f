CREATE TABLE `flow_campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`flow_id` integer NOT NULL,
	`whatsapp_id` integer NOT NULL,
	`phrase` text NOT NULL,
	`match` text DEFAULT 'equals' NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`flow_id`) REFERENCES `flows`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`whatsapp_id`) REFERENCES `whatsapps`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flow_campaigns_whatsapp_idx` ON `flow_campaigns` (`whatsapp_id`,`status`);--> statement-breakpoint
CREATE INDEX `flow_campaigns_flow_idx` ON `flow_campaigns` (`flow_id`);--> statement-breakpoint
CREATE INDEX `flow_campaigns_name_idx` ON `flow_campaigns` (`name`,`id`);--> statement-breakpoint
CREATE TABLE `flow_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`flow_id` integer NOT NULL,
	`version_id` integer NOT NULL,
	`trigger` text NOT NULL,
	`campaign_id` integer,
	`status` text DEFAULT 'running' NOT NULL,
	`end_node` text,
	`end_reason` text,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`ended_at` text,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `flow_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `flow_runs_ticket_idx` ON `flow_runs` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `flow_runs_flow_started_idx` ON `flow_runs` (`flow_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `flow_runs_version_running_idx` ON `flow_runs` (`version_id`) WHERE status = 'running';--> statement-breakpoint
CREATE TABLE `flow_steps` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`flow_id` integer NOT NULL,
	`node` text NOT NULL,
	`node_type` text NOT NULL,
	`input` text,
	`output` text,
	`error` text,
	`ms` integer DEFAULT 0 NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `flow_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flow_steps_run_idx` ON `flow_steps` (`run_id`,`id`);--> statement-breakpoint
CREATE INDEX `flow_steps_flow_at_idx` ON `flow_steps` (`flow_id`,`at`);--> statement-breakpoint
CREATE TABLE `flow_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`flow_id` integer NOT NULL,
	`number` integer NOT NULL,
	`graph` text NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`user_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flow_versions_flow_number_unique` ON `flow_versions` (`flow_id`,`number`);--> statement-breakpoint
CREATE TABLE `flows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`published_version_id` integer,
	`last_version` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `flows_name_idx` ON `flows` (`name`,`id`);--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `flow_id_welcome` integer;--> statement-breakpoint
ALTER TABLE `whatsapps` ADD `flow_id_not_phrase` integer;--> statement-breakpoint
ALTER TABLE `ticket_automation` ADD `run_id` integer;