-- AlterTable
ALTER TABLE "Bet" ADD COLUMN "warnings" TEXT;
