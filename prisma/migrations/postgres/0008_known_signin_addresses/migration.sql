-- CreateTable
CREATE TABLE "KnownSignInAddress" (
    "userId" TEXT NOT NULL,
    "addressHash" TEXT NOT NULL,
    "lastSignInAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KnownSignInAddress_pkey" PRIMARY KEY ("userId","addressHash")
);

-- AddForeignKey
ALTER TABLE "KnownSignInAddress" ADD CONSTRAINT "KnownSignInAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
