-- Search without scanning the tables, with contentless full-text indexes (the text stays
-- only in its table) kept by triggers: message texts by words and word prefixes, contacts
-- by any substring of name, number or e-mail (trigrams).
CREATE VIRTUAL TABLE `messages_fts` USING fts5(body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', detail='none');
--> statement-breakpoint
-- New messages are indexed in batches after they are stored (server/inbox/search-index.ts),
-- up to search_state.last_id: indexing each insert would cost the inbound pipeline a third
-- of its throughput. Edits and deletes of indexed messages follow at once.
CREATE TABLE `search_state` (`name` text PRIMARY KEY NOT NULL, `last_id` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `messages_fts`(rowid, body) SELECT id, body FROM `messages` WHERE body <> '';
--> statement-breakpoint
INSERT INTO `search_state` (`name`, `last_id`) VALUES ('messages', (SELECT coalesce(max(id), 0) FROM `messages`));
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages`
WHEN old.id <= (SELECT last_id FROM `search_state` WHERE name = 'messages') BEGIN
  DELETE FROM `messages_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF body ON `messages`
WHEN old.id <= (SELECT last_id FROM `search_state` WHERE name = 'messages') BEGIN
  DELETE FROM `messages_fts` WHERE rowid = old.id;
  INSERT INTO `messages_fts`(rowid, body) SELECT new.id, new.body WHERE new.body <> '';
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `contacts_fts` USING fts5(name, number, email, content='', contentless_delete=1, tokenize='trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO `contacts_fts`(rowid, name, number, email) SELECT id, name, number, email FROM `contacts`;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_insert` AFTER INSERT ON `contacts` BEGIN
  INSERT INTO `contacts_fts`(rowid, name, number, email) VALUES (new.id, new.name, new.number, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_delete` AFTER DELETE ON `contacts` BEGIN
  DELETE FROM `contacts_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_fts_update` AFTER UPDATE OF name, number, email ON `contacts` BEGIN
  DELETE FROM `contacts_fts` WHERE rowid = old.id;
  INSERT INTO `contacts_fts`(rowid, name, number, email) VALUES (new.id, new.name, new.number, new.email);
END;
