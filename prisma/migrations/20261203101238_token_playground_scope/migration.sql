-- AlterTable
ALTER TABLE "api_tokens" ADD COLUMN     "can_run_rules" BOOLEAN NOT NULL DEFAULT false;
