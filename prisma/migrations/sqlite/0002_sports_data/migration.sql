-- CreateTable
CREATE TABLE "Venue" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "city" TEXT,
    "latitude" REAL,
    "longitude" REAL,
    "roof" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sport" TEXT NOT NULL,
    "abbreviation" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "venueId" TEXT,
    CONSTRAINT "Team_venueId_fkey" FOREIGN KEY ("venueId") REFERENCES "Venue" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TeamAlias" (
    "sport" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,

    PRIMARY KEY ("sport", "alias"),
    CONSTRAINT "TeamAlias_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sport" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "startsAt" DATETIME NOT NULL,
    "homeTeamId" TEXT NOT NULL,
    "awayTeamId" TEXT NOT NULL,
    "venueId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "homeScore" INTEGER,
    "awayScore" INTEGER,
    "oddsEventId" TEXT,
    "source" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Game_homeTeamId_fkey" FOREIGN KEY ("homeTeamId") REFERENCES "Team" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Game_awayTeamId_fkey" FOREIGN KEY ("awayTeamId") REFERENCES "Team" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "Game_venueId_fkey" FOREIGN KEY ("venueId") REFERENCES "Venue" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Price" (
    "gameId" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "player" TEXT NOT NULL DEFAULT '',
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "point" REAL,
    "americanOdds" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("gameId", "market", "player", "book", "outcome"),
    CONSTRAINT "Price_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PriceHistory" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "gameId" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "player" TEXT NOT NULL DEFAULT '',
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "point" REAL,
    "americanOdds" INTEGER NOT NULL,
    "observedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Injury" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sport" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "player" TEXT NOT NULL,
    "position" TEXT,
    "status" TEXT NOT NULL,
    "detail" TEXT,
    "reportedAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    CONSTRAINT "Injury_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Weather" (
    "gameId" TEXT NOT NULL PRIMARY KEY,
    "forecastFor" DATETIME NOT NULL,
    "temperatureF" REAL NOT NULL,
    "windMph" REAL NOT NULL,
    "precipitationProbability" INTEGER,
    "conditions" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    CONSTRAINT "Weather_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "PlayerStat" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sport" TEXT NOT NULL,
    "player" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "playedAt" DATETIME NOT NULL,
    "stats" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    CONSTRAINT "PlayerStat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProviderFetch" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "fetchedAt" DATETIME,
    "attemptedAt" DATETIME NOT NULL,
    "backoffUntil" DATETIME,
    "lastError" TEXT,
    "requestsRemaining" INTEGER,
    "requestsUsed" INTEGER
);

-- CreateIndex
CREATE UNIQUE INDEX "Team_sport_abbreviation_key" ON "Team"("sport", "abbreviation");

-- CreateIndex
CREATE INDEX "TeamAlias_teamId_idx" ON "TeamAlias"("teamId");

-- CreateIndex
CREATE INDEX "Game_sport_startsAt_idx" ON "Game"("sport", "startsAt");

-- CreateIndex
CREATE INDEX "Game_homeTeamId_startsAt_idx" ON "Game"("homeTeamId", "startsAt");

-- CreateIndex
CREATE INDEX "Game_awayTeamId_startsAt_idx" ON "Game"("awayTeamId", "startsAt");

-- CreateIndex
CREATE INDEX "Game_oddsEventId_idx" ON "Game"("oddsEventId");

-- CreateIndex
CREATE INDEX "PriceHistory_gameId_market_book_idx" ON "PriceHistory"("gameId", "market", "book");

-- CreateIndex
CREATE INDEX "Injury_sport_idx" ON "Injury"("sport");

-- CreateIndex
CREATE UNIQUE INDEX "Injury_teamId_player_key" ON "Injury"("teamId", "player");

-- CreateIndex
CREATE INDEX "PlayerStat_sport_player_idx" ON "PlayerStat"("sport", "player");

-- CreateIndex
CREATE UNIQUE INDEX "PlayerStat_gameId_player_key" ON "PlayerStat"("gameId", "player");
