CREATE TABLE "slide_chunks" (
	"file_id" integer NOT NULL,
	"chunk_index" integer NOT NULL,
	"sha256" text NOT NULL,
	CONSTRAINT "slide_chunks_file_id_chunk_index_pk" PRIMARY KEY("file_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "slide_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"patient_id" integer,
	"diagnosis_num" text NOT NULL,
	"upload_user_id" integer NOT NULL,
	"upload_type" smallint DEFAULT 0 NOT NULL,
	"original_name" text NOT NULL,
	"display_name" text NOT NULL,
	"file_type" text NOT NULL,
	"total_bytes" bigint NOT NULL,
	"chunk_bytes" integer NOT NULL,
	"client_modified" bigint,
	"state" smallint DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"storage_key" text NOT NULL,
	"sha256" text,
	"objective_magnification" numeric(6, 2),
	"thumbnail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "slide_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"position" integer NOT NULL,
	"relative_path" text NOT NULL,
	"stored_path" text NOT NULL,
	"size" bigint NOT NULL,
	"chunk_count" integer NOT NULL,
	"sha256" text
);
--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "storage_used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "slide_chunks" ADD CONSTRAINT "slide_chunks_file_id_slide_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."slide_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD CONSTRAINT "slide_documents_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD CONSTRAINT "slide_documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD CONSTRAINT "slide_documents_upload_user_id_users_id_fk" FOREIGN KEY ("upload_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_documents" ADD CONSTRAINT "slide_documents_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_files" ADD CONSTRAINT "slide_files_document_id_slide_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."slide_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slide_documents_hospital_idx" ON "slide_documents" USING btree ("hospital_id","created_at");--> statement-breakpoint
CREATE INDEX "slide_documents_patient_idx" ON "slide_documents" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "slide_documents_number_idx" ON "slide_documents" USING btree ("hospital_id","diagnosis_num");--> statement-breakpoint
CREATE INDEX "slide_documents_active_idx" ON "slide_documents" USING btree ("active_at") WHERE "slide_documents"."state" = 0 and "slide_documents"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "slide_documents_name_key" ON "slide_documents" USING btree ("hospital_id","diagnosis_num",lower("display_name")) WHERE "slide_documents"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "slide_files_path_key" ON "slide_files" USING btree ("document_id","relative_path");--> statement-breakpoint
CREATE UNIQUE INDEX "slide_files_stored_key" ON "slide_files" USING btree ("document_id","stored_path");