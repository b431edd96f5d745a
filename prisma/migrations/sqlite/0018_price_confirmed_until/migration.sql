-- AlterTable
ALTER TABLE "PriceHistory" ADD COLUMN "confirmedUntil" DATETIME;
