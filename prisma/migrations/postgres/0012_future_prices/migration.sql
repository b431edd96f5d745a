-- CreateTable
CREATE TABLE "FuturePrice" (
    "sport" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "americanOdds" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "FuturePrice_pkey" PRIMARY KEY ("sport","market","book","outcome")
);
