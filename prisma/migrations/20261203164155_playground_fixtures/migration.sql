-- CreateTable
CREATE TABLE "playground_fixtures" (
    "id" TEXT NOT NULL,
    "rule_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fixture" JSONB NOT NULL,
    "source_call_id" TEXT NOT NULL,
    "source_attempt" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "playground_fixtures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "playground_fixtures_rule_id_name_key" ON "playground_fixtures"("rule_id", "name");

-- AddForeignKey
ALTER TABLE "playground_fixtures" ADD CONSTRAINT "playground_fixtures_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "playground_rules"("id") ON DELETE CASCADE ON UPDATE CASCADE;
