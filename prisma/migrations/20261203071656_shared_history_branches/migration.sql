-- AlterTable
ALTER TABLE "threads" ADD COLUMN     "branch_parent_id" TEXT,
ADD COLUMN     "branch_point_created_at" TIMESTAMPTZ(3),
ADD COLUMN     "branch_point_message_id" TEXT,
ADD COLUMN     "branch_point_thread_id" TEXT;

-- CreateTable
CREATE TABLE "message_overrides" (
    "thread_id" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_overrides_pkey" PRIMARY KEY ("thread_id","message_id")
);

-- CreateIndex
CREATE INDEX "message_overrides_message_id_idx" ON "message_overrides"("message_id");

-- CreateIndex
CREATE INDEX "threads_branch_parent_id_idx" ON "threads"("branch_parent_id");

-- CreateIndex
CREATE INDEX "threads_branch_point_thread_id_idx" ON "threads"("branch_point_thread_id");

-- CreateIndex
CREATE INDEX "threads_branch_point_message_id_idx" ON "threads"("branch_point_message_id");

-- AddForeignKey
ALTER TABLE "threads" ADD CONSTRAINT "threads_branch_parent_id_fkey" FOREIGN KEY ("branch_parent_id") REFERENCES "threads"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "threads" ADD CONSTRAINT "threads_branch_point_message_id_fkey" FOREIGN KEY ("branch_point_message_id") REFERENCES "messages"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "message_overrides" ADD CONSTRAINT "message_overrides_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_overrides" ADD CONSTRAINT "message_overrides_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A thread is a branch with all four branch columns, or none of them (not expressible in schema.prisma).
ALTER TABLE "threads" ADD CONSTRAINT "threads_branch_columns_together" CHECK (
  ("branch_parent_id" IS NULL AND "branch_point_message_id" IS NULL AND "branch_point_thread_id" IS NULL AND "branch_point_created_at" IS NULL)
  OR ("branch_parent_id" IS NOT NULL AND "branch_point_message_id" IS NOT NULL AND "branch_point_thread_id" IS NOT NULL AND "branch_point_created_at" IS NOT NULL
      AND "branch_parent_id" <> "id")
);
