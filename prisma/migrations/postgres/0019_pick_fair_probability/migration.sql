-- AlterTable
ALTER TABLE "Recommendation" ADD COLUMN     "fairProbabilityAtSave" DOUBLE PRECISION;
