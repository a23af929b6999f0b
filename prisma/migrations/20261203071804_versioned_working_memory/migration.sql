-- Working memory becomes versioned (issue 12, derived memory): every update appends a row of
-- working_memory_versions; the current text of a key is its latest row by (created_at, id).
-- The existing thread_working_memory rows and resources.working_memory values move over as each
-- key's first version, dated by their updated_at, BEFORE the old storage is dropped: nothing is lost.

-- CreateTable
CREATE TABLE "working_memory_versions" (
    "id" BIGSERIAL NOT NULL,
    "lookup_key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "thread_id" TEXT,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "working_memory_versions_pkey" PRIMARY KEY ("id")
);

-- Move the data: thread scope, then resource scope (a resource row without working memory has none to move).
INSERT INTO "working_memory_versions" ("lookup_key", "scope", "resource_id", "thread_id", "text", "created_at")
SELECT 'thread:' || "thread_id", 'thread', "resource_id", "thread_id", "text", "updated_at"
FROM "thread_working_memory"
ORDER BY "updated_at", "thread_id";

INSERT INTO "working_memory_versions" ("lookup_key", "scope", "resource_id", "thread_id", "text", "created_at")
SELECT 'resource:' || "id", 'resource', "id", NULL, "working_memory", "updated_at"
FROM "resources"
WHERE "working_memory" IS NOT NULL
ORDER BY "updated_at", "id";

-- CreateIndex
CREATE INDEX "working_memory_versions_lookup_key_created_at_id_idx" ON "working_memory_versions"("lookup_key", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "working_memory_versions_thread_id_idx" ON "working_memory_versions"("thread_id");

-- AddForeignKey
ALTER TABLE "working_memory_versions" ADD CONSTRAINT "working_memory_versions_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The old storage, now empty of anything not moved.
-- DropForeignKey
ALTER TABLE "thread_working_memory" DROP CONSTRAINT "thread_working_memory_thread_id_fkey";

-- DropTable
DROP TABLE "thread_working_memory";

-- AlterTable
ALTER TABLE "resources" DROP COLUMN "working_memory";
