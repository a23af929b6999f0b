-- AlterTable
ALTER TABLE "audit_events" ADD COLUMN     "forwarded_for" TEXT;
