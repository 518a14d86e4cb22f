CREATE TABLE `queue_integrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`project_name` text DEFAULT '' NOT NULL,
	`json_content` text DEFAULT '' NOT NULL,
	`language` text DEFAULT 'pt-BR' NOT NULL,
	`url_n8n` text DEFAULT '' NOT NULL,
	`typebot_slug` text DEFAULT '' NOT NULL,
	`typebot_expires` integer DEFAULT 1 NOT NULL,
	`typebot_delay_message` integer DEFAULT 1000 NOT NULL,
	`typebot_keyword_finish` text DEFAULT '' NOT NULL,
	`typebot_keyword_restart` text DEFAULT '' NOT NULL,
	`typebot_restart_message` text DEFAULT '' NOT NULL,
	`typebot_unknown_message` text DEFAULT '' NOT NULL,
	`prompt_id` integer,
	`secret` text DEFAULT '' NOT NULL,
	`flow_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `queue_integrations_name_unique` ON `queue_integrations` (`name`);