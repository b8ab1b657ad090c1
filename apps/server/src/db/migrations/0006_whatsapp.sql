CREATE TABLE "whatsapp_code_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_code_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"model_id" text NOT NULL,
	"locale" text NOT NULL,
	"code_hash" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"type" text NOT NULL,
	"body" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"user_id" text,
	"answer_id" text
);
--> statement-breakpoint
CREATE TABLE "whatsapp_links" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"country" text NOT NULL,
	"model_id" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"thread_id" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_links_phone_unique" UNIQUE("phone")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbound" (
	"id" text PRIMARY KEY NOT NULL,
	"dedupe_key" text,
	"phone" text NOT NULL,
	"inbound_id" text,
	"part" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "whatsapp_outbound_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "whatsapp_outbound_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sandbox_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_sandbox_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_sandbox_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_statuses" (
	"message_id" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recipient" text,
	"error_code" integer,
	"error_title" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_statuses_message_id_status_pk" PRIMARY KEY("message_id","status")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_code_sends" ADD CONSTRAINT "whatsapp_code_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_codes" ADD CONSTRAINT "whatsapp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound" ADD CONSTRAINT "whatsapp_inbound_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_links" ADD CONSTRAINT "whatsapp_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sandbox_messages" ADD CONSTRAINT "whatsapp_sandbox_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sandbox_phones" ADD CONSTRAINT "whatsapp_sandbox_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_code_sends_user_idx" ON "whatsapp_code_sends" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_code_sends_phone_idx" ON "whatsapp_code_sends" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_inbound_phone_idx" ON "whatsapp_inbound" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbound_inbound_idx" ON "whatsapp_outbound" USING btree ("inbound_id");--> statement-breakpoint
CREATE INDEX "whatsapp_sandbox_messages_phone_idx" ON "whatsapp_sandbox_messages" USING btree ("user_id","phone","seq");