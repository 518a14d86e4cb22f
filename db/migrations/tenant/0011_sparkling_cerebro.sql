ALTER TABLE `contacts` ADD `wa_jid` text;--> statement-breakpoint
CREATE INDEX `contacts_wa_jid_idx` ON `contacts` (`wa_jid`);--> statement-breakpoint
ALTER TABLE `messages` ADD `failed` integer DEFAULT false NOT NULL;