-- AlterTable
ALTER TABLE "Recommendation" ADD COLUMN "fairProbabilityAtSave" REAL;

-- AlterTable
ALTER TABLE "PriceHistory" ADD COLUMN "confirmedUntil" DATETIME;
