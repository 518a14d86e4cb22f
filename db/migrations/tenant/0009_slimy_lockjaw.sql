DROP INDEX `schedules_due_idx`;--> statement-breakpoint
ALTER TABLE `schedules` ADD `due_at` text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE `schedules` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `schedules` ADD `attempt_at` text;--> statement-breakpoint
CREATE INDEX `schedules_due_idx` ON `schedules` (`status`,`due_at`);--> statement-breakpoint
UPDATE `schedules` SET `due_at` = `send_at`;--> statement-breakpoint
UPDATE `schedules` SET `attempts` = 1, `attempt_at` = `sent_at` WHERE `sent_at` IS NOT NULL;--> statement-breakpoint
UPDATE `schedules` SET `sent_at` = NULL WHERE `status` <> 'ENVIADA';--> statement-breakpoint
UPDATE `schedules` SET `status` = 'INCERTO', `error` = 'ERR_SCHEDULE_OUTCOME_UNKNOWN' WHERE `status` = 'PENDENTE' AND `attempts` > 0;
