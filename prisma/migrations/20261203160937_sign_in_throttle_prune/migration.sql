-- CreateIndex
CREATE INDEX "sign_in_throttles_updated_at_idx" ON "sign_in_throttles"("updated_at");
