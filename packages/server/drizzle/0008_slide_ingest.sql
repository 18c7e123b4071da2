ALTER TABLE "slide_documents" ADD COLUMN "ingested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "reader" text;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "vendor" text;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "level_count" smallint;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "mpp_x" numeric(10, 6);--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "mpp_y" numeric(10, 6);--> statement-breakpoint
ALTER TABLE "slide_documents" ADD COLUMN "associated_images" text[];--> statement-breakpoint
CREATE INDEX "slide_documents_ingest_idx" ON "slide_documents" USING btree ("completed_at") WHERE "slide_documents"."state" = 1 and "slide_documents"."ingested_at" is null;