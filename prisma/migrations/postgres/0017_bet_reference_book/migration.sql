-- AlterTable
ALTER TABLE "Bet" ADD COLUMN     "referenceBook" TEXT;
