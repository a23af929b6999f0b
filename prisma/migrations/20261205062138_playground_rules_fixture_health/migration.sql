-- AlterTable
ALTER TABLE "playground_rules" ADD COLUMN     "fixtures_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "fixtures_failing" TEXT[] DEFAULT ARRAY[]::TEXT[];
