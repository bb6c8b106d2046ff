CREATE TABLE "whatsapp_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "whatsapp" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text;