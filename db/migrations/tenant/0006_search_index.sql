-- Search without scanning the tables, with contentless full-text indexes (the text stays
-- only in its table) kept by triggers: message texts by words and word prefixes, contacts
-- by any substring of name, number or e-mail (trigrams).
CREATE VIRTUAL TABLE `messages_fts` USING fts5(body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='3');
--> statement-breakpoint
INSERT INTO `messages_fts`(rowid, body) SELECT id, body FROM `messages` WHERE body <> '';
--> statement-breakpoint
CREATE TRIGGER `messages_fts_insert` AFTER INSERT ON `messages` WHEN new.body <> '' BEGIN
  INSERT INTO `messages_fts`(rowid, body) VALUES (new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_delete` AFTER DELETE ON `messages` BEGIN
  DELETE FROM `messages_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_update` AFTER UPDATE OF body ON `messages` BEGIN
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
