CREATE TABLE "wish_items" (
	"user_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"seen_price_kobo" integer NOT NULL,
	"drop_seen_at" timestamp with time zone,
	"waiting_for_stock" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_items_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "wish_lists" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"share_token" text NOT NULL,
	"mails" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wish_lists_share_token_uq" UNIQUE("share_token")
);
--> statement-breakpoint
ALTER TABLE "wish_items" ADD CONSTRAINT "wish_items_user_id_wish_lists_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wish_lists"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_items" ADD CONSTRAINT "wish_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wish_lists" ADD CONSTRAINT "wish_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wish_items_product_id_idx" ON "wish_items" USING btree ("product_id");