-- CreateTable
CREATE TABLE "FuturePrice" (
    "sport" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "americanOdds" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "source" TEXT NOT NULL,

    PRIMARY KEY ("sport", "market", "book", "outcome")
);
