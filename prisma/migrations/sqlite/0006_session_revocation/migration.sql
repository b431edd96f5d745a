-- AlterTable
ALTER TABLE "User" ADD COLUMN "sessionsValidAfter" DATETIME;
