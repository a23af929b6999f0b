-- AlterTable
ALTER TABLE "llm_calls" ADD COLUMN     "body" JSONB,
ADD COLUMN     "parameters" JSONB NOT NULL DEFAULT '{"temperature":null,"maxOutputTokens":null}';
