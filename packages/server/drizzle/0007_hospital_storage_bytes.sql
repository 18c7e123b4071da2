-- Used storage is kept in bytes from now on (quota checks per chunk need byte precision).
UPDATE "hospitals" SET "storage_used_bytes" = round("storage_used_gb" * 1073741824)::bigint;--> statement-breakpoint
ALTER TABLE "hospitals" DROP COLUMN "storage_used_gb";
