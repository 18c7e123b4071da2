CREATE TABLE "patient_receives" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"hospital_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"expert_id" integer,
	"center_hospital_id" integer,
	"state" smallint DEFAULT 0 NOT NULL,
	"assigned" boolean NOT NULL,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "patient_receives" ADD CONSTRAINT "patient_receives_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_receives" ADD CONSTRAINT "patient_receives_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_receives" ADD CONSTRAINT "patient_receives_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_receives" ADD CONSTRAINT "patient_receives_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_receives" ADD CONSTRAINT "patient_receives_center_hospital_id_hospitals_id_fk" FOREIGN KEY ("center_hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_receives_expert_idx" ON "patient_receives" USING btree ("expert_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "patient_receives_patient_idx" ON "patient_receives" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "patient_receives_center_idx" ON "patient_receives" USING btree ("center_hospital_id","assigned","created_at");