-- AlterTable
ALTER TABLE "AccessToken" ADD COLUMN     "lastClientAgent" TEXT;
