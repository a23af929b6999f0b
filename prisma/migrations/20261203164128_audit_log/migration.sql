-- CreateTable
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "actor_name" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "resource_id" TEXT,
    "thread_id" TEXT,
    "target_id" TEXT,
    "client_address" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "audit_events_at_idx" ON "audit_events"("at");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_id_idx" ON "audit_events"("actor_id", "id" DESC);

-- CreateIndex
CREATE INDEX "audit_events_action_id_idx" ON "audit_events"("action", "id" DESC);

-- CreateIndex
CREATE INDEX "audit_events_thread_id_id_idx" ON "audit_events"("thread_id", "id" DESC);

-- CreateIndex
CREATE INDEX "audit_events_resource_id_id_idx" ON "audit_events"("resource_id", "id" DESC);
