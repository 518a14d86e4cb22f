DROP INDEX `flow_runs_version_running_idx`;--> statement-breakpoint
ALTER TABLE `flow_runs` ADD `answers` text;--> statement-breakpoint
CREATE INDEX `flow_runs_version_idx` ON `flow_runs` (`version_id`,`status`);