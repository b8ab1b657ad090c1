CREATE TABLE "refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"user_id" text,
	"payment" text NOT NULL,
	"refund_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_payment_unique" UNIQUE("payment")
);
--> statement-breakpoint
CREATE TABLE "subscription_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"provider" text NOT NULL,
	"subscription_id" text NOT NULL,
	"change" text NOT NULL,
	"period" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_failures" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"provider" text NOT NULL,
	"reason" text NOT NULL,
	"event_id" text,
	"event_type" text,
	"error" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "webhook_failures_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "model_checks" (
	"model_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_model_id" text NOT NULL,
	"key_set" boolean NOT NULL,
	"served" boolean,
	"error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_usage" ADD COLUMN "first_token_ms" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscription_changes_at_idx" ON "subscription_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "webhook_failures_last_idx" ON "webhook_failures" USING btree ("last_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- The subscriptions already stored, as the changes that made them (the money view's history starts here).
INSERT INTO "subscription_changes" ("user_id", "provider", "subscription_id", "change", "period", "amount", "currency", "at")
SELECT "user_id", "provider", "subscription_id", 'started', "period", "amount", "currency", "provider_created_at" FROM "subscriptions";--> statement-breakpoint
INSERT INTO "subscription_changes" ("user_id", "provider", "subscription_id", "change", "period", "amount", "currency", "at")
SELECT "user_id", "provider", "subscription_id", 'ended', "period", "amount", "currency", "updated_at" FROM "subscriptions"
WHERE "status" IN ('canceled', 'unpaid', 'incomplete_expired');
