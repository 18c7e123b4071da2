CREATE TABLE "medical_order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_collections" (
	"user_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "patient_collections_user_id_patient_id_pk" PRIMARY KEY("user_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "patient_comment_reads" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "patient_comment_reads_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "patient_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patient_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"from_state" smallint,
	"to_state" smallint,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"hospital_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"variant" smallint DEFAULT 1 NOT NULL,
	"diagnosis_num" text NOT NULL,
	"name" text NOT NULL,
	"age_years" smallint,
	"age_months" smallint,
	"age_days" smallint,
	"sex" smallint,
	"classification" smallint,
	"sampling_site" text,
	"sample_time" timestamp with time zone,
	"phone" text,
	"family_phone" text,
	"id_number" text,
	"nation" text,
	"inpatient_no" text,
	"outpatient_no" text,
	"area_no" text,
	"ward_no" text,
	"bed_no" text,
	"department" text,
	"is_emergency" boolean DEFAULT false NOT NULL,
	"diagnostic_type" smallint DEFAULT 1 NOT NULL,
	"frozen_head_count" smallint,
	"sample_type" smallint,
	"clinical_data" text,
	"medical_history" text,
	"imaging_studies" text,
	"special_exams" text,
	"tissue_description" text,
	"gross_findings" text,
	"initial_opinion" text,
	"immunohistochemistry" text,
	"molecular_pathology" text,
	"special_stains" text,
	"remarks" text,
	"species" text,
	"breed" text,
	"sample_desc" text,
	"sample_no" text,
	"collected_date" date,
	"received_date" date,
	"tester" text,
	"test_methods" text,
	"owner_tel" text,
	"owner_email" text,
	"cloned_from" integer,
	"submitted_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_number_rules" (
	"hospital_id" integer PRIMARY KEY NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"date_part" text DEFAULT 'YYYYMMDD' NOT NULL,
	"seq_width" smallint DEFAULT 4 NOT NULL,
	"reset_period" text DEFAULT 'day' NOT NULL,
	"period" text DEFAULT '' NOT NULL,
	"next_seq" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "medical_order_items" ADD CONSTRAINT "medical_order_items_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_collections" ADD CONSTRAINT "patient_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_collections" ADD CONSTRAINT "patient_collections_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_comment_reads" ADD CONSTRAINT "patient_comment_reads_comment_id_patient_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."patient_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_comment_reads" ADD CONSTRAINT "patient_comment_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_comments" ADD CONSTRAINT "patient_comments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_comments" ADD CONSTRAINT "patient_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_events" ADD CONSTRAINT "patient_events_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_events" ADD CONSTRAINT "patient_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_cloned_from_patients_id_fk" FOREIGN KEY ("cloned_from") REFERENCES "public"."patients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_number_rules" ADD CONSTRAINT "serial_number_rules_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_number_rules" ADD CONSTRAINT "serial_number_rules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medical_order_items_name_key" ON "medical_order_items" USING btree (coalesce("hospital_id", 0),"category",lower("name"));--> statement-breakpoint
CREATE INDEX "patient_collections_user_idx" ON "patient_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_comments_patient_idx" ON "patient_comments" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "patient_events_patient_idx" ON "patient_events" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_hospital_num_key" ON "patients" USING btree ("hospital_id",lower("diagnosis_num"));--> statement-breakpoint
CREATE INDEX "patients_hospital_state_idx" ON "patients" USING btree ("hospital_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_owner_state_idx" ON "patients" USING btree ("owner_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "patients_name_idx" ON "patients" USING btree ("hospital_id",lower("name") text_pattern_ops);