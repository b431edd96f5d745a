-- AlterTable
ALTER TABLE "Recommendation" ADD COLUMN     "referenceBook" TEXT;
