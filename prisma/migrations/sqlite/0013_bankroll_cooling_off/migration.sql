-- AlterTable
ALTER TABLE "Bankroll" ADD COLUMN "pendingDailyLossLimitCents" INTEGER;
ALTER TABLE "Bankroll" ADD COLUMN "pendingDailyLossLimitFrom" DATETIME;
ALTER TABLE "Bankroll" ADD COLUMN "pendingMaxStakeCents" INTEGER;
ALTER TABLE "Bankroll" ADD COLUMN "pendingMaxStakeFrom" DATETIME;
ALTER TABLE "Bankroll" ADD COLUMN "pendingWeeklyLossLimitCents" INTEGER;
ALTER TABLE "Bankroll" ADD COLUMN "pendingWeeklyLossLimitFrom" DATETIME;
ALTER TABLE "Bankroll" ADD COLUMN "previousTimeZone" TEXT;
ALTER TABLE "Bankroll" ADD COLUMN "previousTimeZoneUntil" DATETIME;
