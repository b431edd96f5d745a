-- AlterTable
ALTER TABLE "Recommendation" ADD COLUMN     "fairProbabilityAtSave" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "PriceHistory" ADD COLUMN     "confirmedUntil" TIMESTAMP(3);
