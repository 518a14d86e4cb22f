DROP INDEX `contacts_wa_jid_idx`;--> statement-breakpoint
CREATE INDEX `contacts_wa_jid_idx` ON `contacts` (`wa_jid`) WHERE "contacts"."wa_jid" IS NOT NULL;