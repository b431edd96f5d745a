-- CreateTable
CREATE TABLE "AlternatePrice" (
    "gameId" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "point" DOUBLE PRECISION NOT NULL,
    "americanOdds" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlternatePrice_pkey" PRIMARY KEY ("gameId","market","book","outcome","point")
);

-- AddForeignKey
ALTER TABLE "AlternatePrice" ADD CONSTRAINT "AlternatePrice_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
