-- CreateTable
CREATE TABLE "index_jobs" (
    "id" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "thread_id" TEXT,
    "message_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "model" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "reason" TEXT NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "cursor" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "last_error" TEXT,
    "run_after" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_by" TEXT,
    "lease_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "index_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "index_jobs_state_run_after_idx" ON "index_jobs"("state", "run_after");

-- CreateIndex
CREATE INDEX "index_jobs_resource_id_created_at_idx" ON "index_jobs"("resource_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "index_jobs_thread_id_created_at_idx" ON "index_jobs"("thread_id", "created_at" DESC);
