-- AlterTable
ALTER TABLE "Bankroll" ALTER COLUMN "timeZone" DROP DEFAULT;
