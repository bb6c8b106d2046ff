ALTER TABLE "products" ALTER COLUMN "stock" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "stock" DROP NOT NULL;