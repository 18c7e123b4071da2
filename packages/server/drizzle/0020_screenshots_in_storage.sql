-- Screenshots count in their case's hospital's storage from now on (charged when taken, given
-- back when deleted): those taken before are added once here, so that deleting one of them does
-- not give back bytes that were never charged.
UPDATE "hospitals" AS h
SET "storage_used_bytes" = h."storage_used_bytes" + s."bytes"
FROM (
  SELECT "hospital_id", sum("bytes")::bigint AS "bytes"
  FROM "case_screenshots"
  GROUP BY "hospital_id"
) AS s
WHERE s."hospital_id" = h."id";
