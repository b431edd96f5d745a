-- AlterTable
ALTER TABLE "Bet" ADD COLUMN "correctedAt" DATETIME;

-- CreateTable
CREATE TABLE "BetGrade" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "betId" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "payoutCents" INTEGER NOT NULL,
    "profitCents" INTEGER NOT NULL,
    "gradedAt" DATETIME NOT NULL,
    "replacedAt" DATETIME NOT NULL,
    CONSTRAINT "BetGrade_betId_fkey" FOREIGN KEY ("betId") REFERENCES "Bet" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "BetGrade_betId_idx" ON "BetGrade"("betId");
