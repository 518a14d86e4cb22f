CREATE TABLE `due_timers` (
	`company_id` integer NOT NULL,
	`kind` text NOT NULL,
	`next_at` text NOT NULL,
	PRIMARY KEY(`company_id`, `kind`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `due_timers_next_idx` ON `due_timers` (`next_at`);