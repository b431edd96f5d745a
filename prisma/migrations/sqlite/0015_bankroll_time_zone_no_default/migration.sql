-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Bankroll" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "balanceCents" INTEGER NOT NULL,
    "unitCents" INTEGER NOT NULL,
    "kellyFraction" REAL NOT NULL DEFAULT 0.25,
    "maxStakeCents" INTEGER,
    "dailyLossLimitCents" INTEGER,
    "weeklyLossLimitCents" INTEGER,
    "pendingMaxStakeCents" INTEGER,
    "pendingMaxStakeFrom" DATETIME,
    "pendingDailyLossLimitCents" INTEGER,
    "pendingDailyLossLimitFrom" DATETIME,
    "pendingWeeklyLossLimitCents" INTEGER,
    "pendingWeeklyLossLimitFrom" DATETIME,
    "referenceBook" TEXT,
    "timeZone" TEXT NOT NULL,
    "previousTimeZone" TEXT,
    "previousTimeZoneUntil" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Bankroll_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Bankroll" ("balanceCents", "createdAt", "currency", "dailyLossLimitCents", "id", "kellyFraction", "maxStakeCents", "pendingDailyLossLimitCents", "pendingDailyLossLimitFrom", "pendingMaxStakeCents", "pendingMaxStakeFrom", "pendingWeeklyLossLimitCents", "pendingWeeklyLossLimitFrom", "previousTimeZone", "previousTimeZoneUntil", "referenceBook", "timeZone", "unitCents", "updatedAt", "userId", "weeklyLossLimitCents") SELECT "balanceCents", "createdAt", "currency", "dailyLossLimitCents", "id", "kellyFraction", "maxStakeCents", "pendingDailyLossLimitCents", "pendingDailyLossLimitFrom", "pendingMaxStakeCents", "pendingMaxStakeFrom", "pendingWeeklyLossLimitCents", "pendingWeeklyLossLimitFrom", "previousTimeZone", "previousTimeZoneUntil", "referenceBook", "timeZone", "unitCents", "updatedAt", "userId", "weeklyLossLimitCents" FROM "Bankroll";
DROP TABLE "Bankroll";
ALTER TABLE "new_Bankroll" RENAME TO "Bankroll";
CREATE UNIQUE INDEX "Bankroll_userId_key" ON "Bankroll"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
