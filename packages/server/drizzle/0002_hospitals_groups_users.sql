ALTER TABLE "hospitals" DROP CONSTRAINT "hospitals_group_id_hospital_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_group_id_hospital_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."hospital_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hospital_groups_name_key" ON "hospital_groups" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "hospitals_name_key" ON "hospitals" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_role_mobile_key" ON "users" USING btree ("role_type","mobile");