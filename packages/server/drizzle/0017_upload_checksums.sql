-- Chunks are checked by CRC-32 and files by XXH3-128 (file-checksum.ts), no longer SHA-256.
-- Chunk lists of uploads under way hold SHA-256 digests, which no CRC-32 matches: they are
-- dropped, and those uploads send their chunks again (written in place over the same bytes).
DELETE FROM "slide_chunks";--> statement-breakpoint
ALTER TABLE "slide_chunks" RENAME COLUMN "sha256" TO "crc32";--> statement-breakpoint
ALTER TABLE "slide_documents" RENAME COLUMN "sha256" TO "checksum";--> statement-breakpoint
ALTER TABLE "slide_files" RENAME COLUMN "sha256" TO "checksum";
