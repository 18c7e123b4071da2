DROP INDEX "patients_owner_state_idx";--> statement-breakpoint
CREATE INDEX "patients_num_prefix_idx" ON "patients" USING btree ("hospital_id",lower("diagnosis_num") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "patients_owner_state_idx" ON "patients" USING btree ("owner_id","state","hospital_id","created_at","id");