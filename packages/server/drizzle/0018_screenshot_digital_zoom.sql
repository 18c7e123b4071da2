ALTER TABLE "case_screenshots" ADD COLUMN "digital_zoom" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Screenshots taken before: past their slide's objective power (shared isDigitalZoom's 1 %).
UPDATE "case_screenshots" SET "digital_zoom" = true FROM "slide_documents" WHERE "case_screenshots"."slide_document_id" = "slide_documents"."id" AND "case_screenshots"."magnification" > "slide_documents"."objective_magnification" * 1.01;
