-- AlterTable
ALTER TABLE "ProviderFetch" ADD COLUMN     "claimedUntil" TIMESTAMP(3);
