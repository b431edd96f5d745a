-- AlterTable
ALTER TABLE "PriceHistory" ADD COLUMN     "confirmedUntil" TIMESTAMP(3);
