CREATE VIRTUAL TABLE `users_email_trigrams` USING fts5(`email`, content='users', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `users_email_trigrams`(`users_email_trigrams`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `users_email_trigrams_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_email_trigrams`(rowid, `email`) VALUES (new.rowid, new.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_email_trigrams_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_email_trigrams`(`users_email_trigrams`, rowid, `email`) VALUES ('delete', old.rowid, old.`email`);
END;
--> statement-breakpoint
CREATE TRIGGER `users_email_trigrams_update` AFTER UPDATE OF `email` ON `users` BEGIN
  INSERT INTO `users_email_trigrams`(`users_email_trigrams`, rowid, `email`) VALUES ('delete', old.rowid, old.`email`);
  INSERT INTO `users_email_trigrams`(rowid, `email`) VALUES (new.rowid, new.`email`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `connected_ids_name_trigrams` USING fts5(`display_name`, content='connected_ids', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `connected_ids_name_trigrams`(`connected_ids_name_trigrams`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `connected_ids_name_trigrams_insert` AFTER INSERT ON `connected_ids` BEGIN
  INSERT INTO `connected_ids_name_trigrams`(rowid, `display_name`) VALUES (new.rowid, new.`display_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `connected_ids_name_trigrams_delete` AFTER DELETE ON `connected_ids` BEGIN
  INSERT INTO `connected_ids_name_trigrams`(`connected_ids_name_trigrams`, rowid, `display_name`) VALUES ('delete', old.rowid, old.`display_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `connected_ids_name_trigrams_update` AFTER UPDATE OF `display_name` ON `connected_ids` BEGIN
  INSERT INTO `connected_ids_name_trigrams`(`connected_ids_name_trigrams`, rowid, `display_name`) VALUES ('delete', old.rowid, old.`display_name`);
  INSERT INTO `connected_ids_name_trigrams`(rowid, `display_name`) VALUES (new.rowid, new.`display_name`);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `files_name_trigrams` USING fts5(`name`, content='files', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `files_name_trigrams`(`files_name_trigrams`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `files_name_trigrams_insert` AFTER INSERT ON `files` BEGIN
  INSERT INTO `files_name_trigrams`(rowid, `name`) VALUES (new.rowid, new.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `files_name_trigrams_delete` AFTER DELETE ON `files` BEGIN
  INSERT INTO `files_name_trigrams`(`files_name_trigrams`, rowid, `name`) VALUES ('delete', old.rowid, old.`name`);
END;
--> statement-breakpoint
CREATE TRIGGER `files_name_trigrams_update` AFTER UPDATE OF `name` ON `files` BEGIN
  INSERT INTO `files_name_trigrams`(`files_name_trigrams`, rowid, `name`) VALUES ('delete', old.rowid, old.`name`);
  INSERT INTO `files_name_trigrams`(rowid, `name`) VALUES (new.rowid, new.`name`);
END;
