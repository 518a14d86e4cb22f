ALTER TABLE `companies` ADD `next_plan_id` integer REFERENCES plans(id);--> statement-breakpoint
CREATE INDEX `companies_next_plan_idx` ON `companies` (`next_plan_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `plan_id` integer;