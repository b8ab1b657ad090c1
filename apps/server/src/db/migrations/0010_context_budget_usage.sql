CREATE TABLE "thread_summaries" (
	"thread_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"through_seq" bigint NOT NULL,
	"through_message_id" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"model_id" text,
	"context_tokens" integer NOT NULL,
	"context_estimate" integer NOT NULL,
	"from_thread_id" text,
	"folds" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answer_usage" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "answer_usage_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" text,
	"thread_id" text,
	"user_id" text,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"plan" text NOT NULL,
	"tool_id" text NOT NULL,
	"model_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"cached_input_tokens" integer DEFAULT 0 NOT NULL,
	"cache_write_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"reasoning_tokens" integer DEFAULT 0 NOT NULL,
	"estimated_input_tokens" integer,
	"calls" integer DEFAULT 0 NOT NULL,
	"functions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cost_usd" numeric(14, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answer_usage_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "usage_daily" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"model_id" text NOT NULL,
	"tool_id" text NOT NULL,
	"plan" text NOT NULL,
	"events" integer NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"cached_input_tokens" bigint DEFAULT 0 NOT NULL,
	"cache_write_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"reasoning_tokens" bigint DEFAULT 0 NOT NULL,
	"cost_usd" numeric(16, 8) DEFAULT 0 NOT NULL,
	"unpriced" integer DEFAULT 0 NOT NULL,
	"web_searches" integer DEFAULT 0 NOT NULL,
	"pdf_pages" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_daily_day_kind_model_id_tool_id_plan_pk" PRIMARY KEY("day","kind","model_id","tool_id","plan")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "context_tokens" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "context_estimate" integer;--> statement-breakpoint
ALTER TABLE "thread_summaries" ADD CONSTRAINT "thread_summaries_thread_id_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_summaries" ADD CONSTRAINT "thread_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_usage" ADD CONSTRAINT "answer_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_usage_day_idx" ON "answer_usage" USING btree ("day");--> statement-breakpoint
CREATE INDEX "answer_usage_user_idx" ON "answer_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "images_created_idx" ON "images" USING btree ("created_at");