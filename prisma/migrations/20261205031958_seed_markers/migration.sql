-- CreateTable
CREATE TABLE "seed_markers" (
    "name" TEXT NOT NULL,
    "seeded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "seed_markers_pkey" PRIMARY KEY ("name")
);
