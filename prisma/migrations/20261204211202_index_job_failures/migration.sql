-- AlterTable
ALTER TABLE "index_jobs" ADD COLUMN     "failures" JSONB NOT NULL DEFAULT '[]';
