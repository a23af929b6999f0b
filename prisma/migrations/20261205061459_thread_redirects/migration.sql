-- CreateTable
CREATE TABLE "thread_redirects" (
    "from_thread_id" TEXT NOT NULL,
    "from_title" TEXT NOT NULL,
    "to_thread_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "thread_redirects_pkey" PRIMARY KEY ("from_thread_id")
);

-- CreateIndex
CREATE INDEX "thread_redirects_to_thread_id_idx" ON "thread_redirects"("to_thread_id");
