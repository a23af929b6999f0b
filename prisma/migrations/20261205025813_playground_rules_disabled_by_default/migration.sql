-- Issue 31: a rule saved from now on is disabled until an operator enables it.
-- Rows saved before keep their value: they were saved to be live and turns
-- already depend on them; disabling them here would change replies unannounced.
-- AlterTable
ALTER TABLE "playground_rules" ALTER COLUMN "enabled" SET DEFAULT false;
