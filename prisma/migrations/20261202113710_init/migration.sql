-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "resources" (
    "id" TEXT NOT NULL,
    "working_memory" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "threads" (
    "id" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "source_thread_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "messages" (
    "id" TEXT NOT NULL,
    "thread_id" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'v2',
    "content" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "thread_working_memory" (
    "thread_id" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "thread_working_memory_pkey" PRIMARY KEY ("thread_id")
);

-- CreateTable
CREATE TABLE "observational_memory" (
    "id" TEXT NOT NULL,
    "lookup_key" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "thread_id" TEXT,
    "generation" INTEGER NOT NULL,
    "origin_type" TEXT NOT NULL,
    "active_observations" TEXT NOT NULL DEFAULT '',
    "observed_message_ids" JSONB NOT NULL DEFAULT '[]',
    "buffered_observation_chunks" JSONB NOT NULL DEFAULT '[]',
    "last_observed_at" TIMESTAMPTZ(3),
    "total_tokens_observed" INTEGER NOT NULL DEFAULT 0,
    "observation_token_count" INTEGER NOT NULL DEFAULT 0,
    "pending_message_tokens" INTEGER NOT NULL DEFAULT 0,
    "is_observing" BOOLEAN NOT NULL DEFAULT false,
    "is_reflecting" BOOLEAN NOT NULL DEFAULT false,
    "is_buffering_observation" BOOLEAN NOT NULL DEFAULT false,
    "is_buffering_reflection" BOOLEAN NOT NULL DEFAULT false,
    "config" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "observational_memory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "message_embeddings" (
    "message_id" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "thread_id" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "dimensions" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_embeddings_pkey" PRIMARY KEY ("message_id","model")
);

-- CreateTable
CREATE TABLE "playground_rules" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "code" TEXT NOT NULL,
    "error_patterns" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "order" INTEGER NOT NULL DEFAULT 0,
    "fixtures" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "playground_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operators" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "resource_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "all_resources" BOOLEAN NOT NULL DEFAULT false,
    "can_write" BOOLEAN NOT NULL DEFAULT false,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "threads_resource_id_updated_at_idx" ON "threads"("resource_id", "updated_at" DESC);

-- CreateIndex
CREATE INDEX "threads_source_thread_id_idx" ON "threads"("source_thread_id");

-- CreateIndex
CREATE INDEX "messages_thread_id_created_at_id_idx" ON "messages"("thread_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "messages_resource_id_created_at_idx" ON "messages"("resource_id", "created_at");

-- CreateIndex
CREATE INDEX "observational_memory_resource_id_idx" ON "observational_memory"("resource_id");

-- CreateIndex
CREATE UNIQUE INDEX "observational_memory_lookup_key_generation_key" ON "observational_memory"("lookup_key", "generation" DESC);

-- CreateIndex
CREATE INDEX "message_embeddings_thread_id_model_idx" ON "message_embeddings"("thread_id", "model");

-- CreateIndex
CREATE INDEX "message_embeddings_resource_id_model_idx" ON "message_embeddings"("resource_id", "model");

-- CreateIndex
CREATE UNIQUE INDEX "playground_rules_name_key" ON "playground_rules"("name");

-- CreateIndex
CREATE INDEX "playground_rules_order_idx" ON "playground_rules"("order");

-- CreateIndex
CREATE UNIQUE INDEX "operators_email_key" ON "operators"("email");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "thread_working_memory" ADD CONSTRAINT "thread_working_memory_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "observational_memory" ADD CONSTRAINT "observational_memory_thread_id_fkey" FOREIGN KEY ("thread_id") REFERENCES "threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_embeddings" ADD CONSTRAINT "message_embeddings_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "operators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- pgvector is optional: semantic recall needs it, nothing else does. On a server
-- without the extension this block is skipped, the table keeps no "embedding"
-- column and the vector store reports VectorExtensionMissingError. The HNSW
-- index covers the default local embedder (384 dimensions); queries for 384-dim
-- vectors use the same expression and predicate so the planner can pick it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS "vector";
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pgvector is available but this role may not create it: semantic recall is disabled';
      RETURN;
    END;
    ALTER TABLE "message_embeddings" ADD COLUMN "embedding" vector;
    CREATE INDEX "message_embeddings_embedding_384_hnsw_idx" ON "message_embeddings"
      USING hnsw (("embedding"::vector(384)) vector_cosine_ops) WHERE "dimensions" = 384;
  ELSE
    RAISE NOTICE 'pgvector is not available on this server: semantic recall is disabled';
  END IF;
END $$;
