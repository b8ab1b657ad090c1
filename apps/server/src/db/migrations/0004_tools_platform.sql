CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"thread_id" text,
	"answer_id" text,
	"parent_id" text,
	"prompt" text NOT NULL,
	"model_id" text NOT NULL,
	"aspect_ratio" text NOT NULL,
	"style" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error_code" text,
	"media_type" text,
	"width" integer,
	"height" integer,
	"bytes" integer,
	"file_key" text,
	"thumb_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "threads" RENAME COLUMN "active_stream_id" TO "active_answer_id";--> statement-breakpoint
ALTER TABLE "threads" ADD COLUMN "tool_input" jsonb;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_user_created_idx" ON "images" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "images_answer_idx" ON "images" USING btree ("answer_id");