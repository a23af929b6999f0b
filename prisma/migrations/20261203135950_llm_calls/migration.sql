-- CreateTable
CREATE TABLE "llm_calls" (
    "id" TEXT NOT NULL,
    "turn_id" TEXT NOT NULL,
    "step_number" INTEGER NOT NULL,
    "thread_id" TEXT,
    "resource_id" TEXT,
    "provider" TEXT NOT NULL,
    "model_id" TEXT NOT NULL,
    "response_message_id" TEXT,
    "outcome" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "finish_reason" TEXT,
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "error" JSONB,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "waited_ms" INTEGER NOT NULL DEFAULT 0,
    "rules" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "repaired_message_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],

    CONSTRAINT "llm_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "llm_call_attempts" (
    "call_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "error" JSONB,

    CONSTRAINT "llm_call_attempts_pkey" PRIMARY KEY ("call_id","attempt")
);

-- CreateTable
CREATE TABLE "llm_call_events" (
    "call_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "processor_id" TEXT NOT NULL,
    "rule" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "llm_call_events_pkey" PRIMARY KEY ("call_id","seq")
);

-- CreateIndex
CREATE INDEX "llm_calls_thread_id_started_at_id_idx" ON "llm_calls"("thread_id", "started_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "llm_calls_resource_id_started_at_id_idx" ON "llm_calls"("resource_id", "started_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "llm_calls_started_at_id_idx" ON "llm_calls"("started_at" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "llm_call_attempts" ADD CONSTRAINT "llm_call_attempts_call_id_fkey" FOREIGN KEY ("call_id") REFERENCES "llm_calls"("id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "llm_call_events" ADD CONSTRAINT "llm_call_events_call_id_fkey" FOREIGN KEY ("call_id") REFERENCES "llm_calls"("id") ON DELETE CASCADE ON UPDATE RESTRICT;
