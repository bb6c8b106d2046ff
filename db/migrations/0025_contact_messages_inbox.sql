ALTER TABLE "contact_messages" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "read_by" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_read_by_users_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_unread_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."read_at" is null;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_kind_check" CHECK ("contact_messages"."kind" in ('message', 'coaching'));--> statement-breakpoint
-- the coaching page's requests so far, by the words they were stored with
UPDATE "contact_messages" SET "kind" = 'coaching' WHERE "message" = 'Asked for a free get-started coaching call (Coaching Services page).';--> statement-breakpoint
-- messages from before the inbox had no read state: those older than a week count as read, so the
-- inbox opens on what may still wait for an answer rather than on the shop's whole history
UPDATE "contact_messages" SET "read_at" = now() WHERE "created_at" < now() - interval '7 days';
