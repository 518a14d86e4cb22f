CREATE TABLE `prompts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`prompt` text NOT NULL,
	`base_url` text,
	`api_key` text DEFAULT '' NOT NULL,
	`assistant_id` text DEFAULT '' NOT NULL,
	`model` text DEFAULT 'gpt-3.5-turbo-1106' NOT NULL,
	`temperature` real DEFAULT 0.6 NOT NULL,
	`max_tokens` integer DEFAULT 200 NOT NULL,
	`top_p` real DEFAULT 0.8 NOT NULL,
	`max_messages` integer DEFAULT 10 NOT NULL,
	`queue_id` integer,
	`voice` text DEFAULT '' NOT NULL,
	`voice_key` text DEFAULT '' NOT NULL,
	`voice_region` text DEFAULT '' NOT NULL,
	`prompt_tokens` integer DEFAULT 0 NOT NULL,
	`completion_tokens` integer DEFAULT 0 NOT NULL,
	`total_tokens` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`queue_id`) REFERENCES `queues`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prompts_name_unique` ON `prompts` (`name`);