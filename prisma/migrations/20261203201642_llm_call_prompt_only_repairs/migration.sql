-- AlterTable
ALTER TABLE "llm_calls" ADD COLUMN     "prompt_only_message_ids" TEXT[] DEFAULT ARRAY[]::TEXT[];
