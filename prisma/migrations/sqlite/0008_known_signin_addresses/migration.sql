-- CreateTable
CREATE TABLE "KnownSignInAddress" (
    "userId" TEXT NOT NULL,
    "addressHash" TEXT NOT NULL,
    "lastSignInAt" DATETIME NOT NULL,

    PRIMARY KEY ("userId", "addressHash"),
    CONSTRAINT "KnownSignInAddress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
