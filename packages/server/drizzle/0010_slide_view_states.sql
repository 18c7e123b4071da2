CREATE TABLE "slide_view_states" (
	"user_id" integer NOT NULL,
	"slide_document_id" integer NOT NULL,
	"center_x" double precision NOT NULL,
	"center_y" double precision NOT NULL,
	"image_zoom" double precision NOT NULL,
	"rotation" integer NOT NULL,
	"flip" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slide_view_states_user_id_slide_document_id_pk" PRIMARY KEY("user_id","slide_document_id")
);
--> statement-breakpoint
ALTER TABLE "slide_view_states" ADD CONSTRAINT "slide_view_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slide_view_states" ADD CONSTRAINT "slide_view_states_slide_document_id_slide_documents_id_fk" FOREIGN KEY ("slide_document_id") REFERENCES "public"."slide_documents"("id") ON DELETE cascade ON UPDATE no action;