CREATE TABLE "common_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"category" text NOT NULL,
	"content" text NOT NULL,
	"scope" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"receive_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" smallint DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"supplement" text DEFAULT '' NOT NULL,
	"screenshot_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature_png" text,
	"signed_at" timestamp with time zone,
	"review_state" smallint,
	"review_reason" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"print_count" integer DEFAULT 0 NOT NULL,
	"last_printed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receive_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"receive_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"reason" text NOT NULL,
	"referred_expert_id" integer,
	"order_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"requester_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"answer" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_templates" (
	"hospital_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"logo_data_url" text,
	"footer" text DEFAULT '' NOT NULL,
	"layout" jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "report_review_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "common_words" ADD CONSTRAINT "common_words_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "common_words" ADD CONSTRAINT "common_words_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_reports" ADD CONSTRAINT "diagnosis_reports_receive_id_patient_receives_id_fk" FOREIGN KEY ("receive_id") REFERENCES "public"."patient_receives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_reports" ADD CONSTRAINT "diagnosis_reports_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_reports" ADD CONSTRAINT "diagnosis_reports_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_reports" ADD CONSTRAINT "diagnosis_reports_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_reports" ADD CONSTRAINT "diagnosis_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_returns" ADD CONSTRAINT "receive_returns_receive_id_patient_receives_id_fk" FOREIGN KEY ("receive_id") REFERENCES "public"."patient_receives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_returns" ADD CONSTRAINT "receive_returns_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_returns" ADD CONSTRAINT "receive_returns_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_returns" ADD CONSTRAINT "receive_returns_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receive_returns" ADD CONSTRAINT "receive_returns_referred_expert_id_users_id_fk" FOREIGN KEY ("referred_expert_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_report_id_diagnosis_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."diagnosis_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_requests" ADD CONSTRAINT "report_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_templates" ADD CONSTRAINT "report_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "common_words_owner_idx" ON "common_words" USING btree ("owner_id","category");--> statement-breakpoint
CREATE INDEX "common_words_scope_idx" ON "common_words" USING btree ("scope","hospital_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_reports_version_key" ON "diagnosis_reports" USING btree ("receive_id","version");--> statement-breakpoint
CREATE INDEX "diagnosis_reports_patient_idx" ON "diagnosis_reports" USING btree ("patient_id","version");--> statement-breakpoint
CREATE INDEX "diagnosis_reports_expert_idx" ON "diagnosis_reports" USING btree ("expert_id","state","signed_at");--> statement-breakpoint
CREATE INDEX "receive_returns_patient_idx" ON "receive_returns" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "report_requests_report_idx" ON "report_requests" USING btree ("report_id","created_at");