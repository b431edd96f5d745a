-- CreateTable
CREATE TABLE "AlternatePrice" (
    "gameId" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "point" REAL NOT NULL,
    "americanOdds" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("gameId", "market", "book", "outcome", "point"),
    CONSTRAINT "AlternatePrice_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
