-- The users search (/dashboard, /teamtable, GET /api/users) also looks in the digits of the number she
-- typed, so a number searched any way finds her (lib/phone.ts phoneSearchDigits).
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("phone", '') || ' ' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g')) gin_trgm_ops);