-- AlterTable
ALTER TABLE "ProviderFetch" ADD COLUMN     "backoffAfter" TEXT;

-- A back-off under way keeps its kind: until now a 429's was told by its message (lib/data/providers/http.ts RATE_LIMITED).
UPDATE "ProviderFetch" SET "backoffAfter" = CASE WHEN "lastError" LIKE '%rate limited (HTTP 429)' THEN 'rate limit' ELSE 'failure' END
WHERE "backoffUntil" IS NOT NULL AND "lastError" IS NOT NULL;
