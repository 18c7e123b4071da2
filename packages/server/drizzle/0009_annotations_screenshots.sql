CREATE TABLE "case_screenshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"slide_document_id" integer,
	"stored_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"region" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slide_annotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"slide_document_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"kind" text NOT NULL,
	"color" text NOT NULL,
	"text" text,
	"points" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_screenshots" ADD CONSTRAINT "case_screenshots_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_screenshots" ADD CONSTRAINT "case_screenshots_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_screenshots" ADD CONSTRAINT "case_screenshots_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_screenshots" ADD CONSTRAINT "case_screenshots_slide_document_id_slide_documents_id_fk" FOREIGN KEY ("slide_document_id") REFERENCES "public"."slide_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_annotations" ADD CONSTRAINT "slide_annotations_slide_document_id_slide_documents_id_fk" FOREIGN KEY ("slide_document_id") REFERENCES "public"."slide_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_annotations" ADD CONSTRAINT "slide_annotations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_screenshots_patient_idx" ON "case_screenshots" USING btree ("patient_id","author_id");--> statement-breakpoint
CREATE INDEX "slide_annotations_slide_idx" ON "slide_annotations" USING btree ("slide_document_id","id");