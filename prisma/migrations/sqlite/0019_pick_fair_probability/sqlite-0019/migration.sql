-- AlterTable
ALTER TABLE "Recommendation" ADD COLUMN "fairProbabilityAtSave" REAL;
