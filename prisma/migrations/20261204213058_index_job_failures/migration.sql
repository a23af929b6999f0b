-- AlterTable
ALTER TABLE "index_jobs" ADD COLUMN     "failures" JSONB NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "index_jobs_resource_id_started_at_idx" ON "index_jobs"("resource_id", "started_at");
