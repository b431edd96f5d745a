-- AlterTable
ALTER TABLE "Bankroll" ADD COLUMN     "pendingDailyLossLimitCents" INTEGER,
ADD COLUMN     "pendingDailyLossLimitFrom" TIMESTAMP(3),
ADD COLUMN     "pendingMaxStakeCents" INTEGER,
ADD COLUMN     "pendingMaxStakeFrom" TIMESTAMP(3),
ADD COLUMN     "pendingWeeklyLossLimitCents" INTEGER,
ADD COLUMN     "pendingWeeklyLossLimitFrom" TIMESTAMP(3),
ADD COLUMN     "previousTimeZone" TEXT,
ADD COLUMN     "previousTimeZoneUntil" TIMESTAMP(3);
