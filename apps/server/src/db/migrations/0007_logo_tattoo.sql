ALTER TABLE "images" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "edit_area" jsonb;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "extra_files" jsonb;--> statement-breakpoint
ALTER TABLE "images" ADD COLUMN "design" jsonb;