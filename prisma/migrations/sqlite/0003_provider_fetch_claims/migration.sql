-- AlterTable
ALTER TABLE "ProviderFetch" ADD COLUMN "claimedUntil" DATETIME;
