ALTER TABLE `end_users` ADD `imported_password_algorithm` text;
--> statement-breakpoint
ALTER TABLE `end_users` ADD `external_id` text;
