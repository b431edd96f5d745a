-- AlterTable
ALTER TABLE "Bet" ADD COLUMN     "correctedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "BetGrade" (
    "id" TEXT NOT NULL,
    "betId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payoutCents" INTEGER NOT NULL,
    "profitCents" INTEGER NOT NULL,
    "gradedAt" TIMESTAMP(3) NOT NULL,
    "replacedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BetGrade_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "BetGrade_betId_idx" ON "BetGrade"("betId");

-- AddForeignKey
ALTER TABLE "BetGrade" ADD CONSTRAINT "BetGrade_betId_fkey" FOREIGN KEY ("betId") REFERENCES "Bet"("id") ON DELETE CASCADE ON UPDATE CASCADE;
