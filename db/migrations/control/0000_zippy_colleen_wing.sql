CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`plan_id` integer NOT NULL,
	`status` integer DEFAULT true NOT NULL,
	`due_date` text,
	`trial_expiration` text,
	`recurrence` text DEFAULT 'MENSAL' NOT NULL,
	`language` text DEFAULT 'pt' NOT NULL,
	`schedules` text DEFAULT '[]' NOT NULL,
	`billing_name` text DEFAULT '' NOT NULL,
	`zip` text DEFAULT '' NOT NULL,
	`street` text DEFAULT '' NOT NULL,
	`state` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`district` text DEFAULT '' NOT NULL,
	`db_url` text NOT NULL,
	`db_auth_token` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_name_unique` ON `companies` (`name`);--> statement-breakpoint
CREATE INDEX `companies_plan_idx` ON `companies` (`plan_id`);--> statement-breakpoint
CREATE INDEX `companies_due_date_idx` ON `companies` (`due_date`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`email` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`users` integer DEFAULT 0 NOT NULL,
	`connections` integer DEFAULT 0 NOT NULL,
	`queues` integer DEFAULT 0 NOT NULL,
	`value` real DEFAULT 0 NOT NULL,
	`use_campaigns` integer DEFAULT true NOT NULL,
	`use_schedules` integer DEFAULT true NOT NULL,
	`use_internal_chat` integer DEFAULT true NOT NULL,
	`use_external_api` integer DEFAULT true NOT NULL,
	`use_kanban` integer DEFAULT true NOT NULL,
	`use_open_ai` integer DEFAULT true NOT NULL,
	`use_integrations` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_name_unique` ON `plans` (`name`);--> statement-breakpoint
CREATE TABLE `user_directory` (
	`email` text PRIMARY KEY NOT NULL,
	`company_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_directory_company_user` ON `user_directory` (`company_id`,`user_id`);