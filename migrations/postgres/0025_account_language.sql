ALTER TABLE "users" ADD COLUMN "language" text;
