-- CreateTable
CREATE TABLE "Venue" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "city" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "roof" TEXT NOT NULL,

    CONSTRAINT "Venue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Team" (
    "id" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "abbreviation" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "venueId" TEXT,

    CONSTRAINT "Team_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TeamAlias" (
    "sport" TEXT NOT NULL,
    "alias" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,

    CONSTRAINT "TeamAlias_pkey" PRIMARY KEY ("sport","alias")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "season" INTEGER NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "homeTeamId" TEXT NOT NULL,
    "awayTeamId" TEXT NOT NULL,
    "venueId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "homeScore" INTEGER,
    "awayScore" INTEGER,
    "oddsEventId" TEXT,
    "source" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Price" (
    "gameId" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "player" TEXT NOT NULL DEFAULT '',
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "point" DOUBLE PRECISION,
    "americanOdds" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Price_pkey" PRIMARY KEY ("gameId","market","player","book","outcome")
);

-- CreateTable
CREATE TABLE "PriceHistory" (
    "id" SERIAL NOT NULL,
    "gameId" TEXT NOT NULL,
    "market" TEXT NOT NULL,
    "player" TEXT NOT NULL DEFAULT '',
    "book" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "point" DOUBLE PRECISION,
    "americanOdds" INTEGER NOT NULL,
    "observedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PriceHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Injury" (
    "id" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "player" TEXT NOT NULL,
    "position" TEXT,
    "status" TEXT NOT NULL,
    "detail" TEXT,
    "reportedAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "Injury_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Weather" (
    "gameId" TEXT NOT NULL,
    "forecastFor" TIMESTAMP(3) NOT NULL,
    "temperatureF" DOUBLE PRECISION NOT NULL,
    "windMph" DOUBLE PRECISION NOT NULL,
    "precipitationProbability" INTEGER,
    "conditions" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "Weather_pkey" PRIMARY KEY ("gameId")
);

-- CreateTable
CREATE TABLE "PlayerStat" (
    "id" TEXT NOT NULL,
    "sport" TEXT NOT NULL,
    "player" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "gameId" TEXT NOT NULL,
    "playedAt" TIMESTAMP(3) NOT NULL,
    "stats" TEXT NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "PlayerStat_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProviderFetch" (
    "key" TEXT NOT NULL,
    "fetchedAt" TIMESTAMP(3),
    "attemptedAt" TIMESTAMP(3) NOT NULL,
    "backoffUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "requestsRemaining" INTEGER,
    "requestsUsed" INTEGER,

    CONSTRAINT "ProviderFetch_pkey" PRIMARY KEY ("key")
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

-- AddForeignKey
ALTER TABLE "Team" ADD CONSTRAINT "Team_venueId_fkey" FOREIGN KEY ("venueId") REFERENCES "Venue"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TeamAlias" ADD CONSTRAINT "TeamAlias_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_homeTeamId_fkey" FOREIGN KEY ("homeTeamId") REFERENCES "Team"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_awayTeamId_fkey" FOREIGN KEY ("awayTeamId") REFERENCES "Team"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Game" ADD CONSTRAINT "Game_venueId_fkey" FOREIGN KEY ("venueId") REFERENCES "Venue"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Price" ADD CONSTRAINT "Price_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Injury" ADD CONSTRAINT "Injury_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "Team"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Weather" ADD CONSTRAINT "Weather_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlayerStat" ADD CONSTRAINT "PlayerStat_gameId_fkey" FOREIGN KEY ("gameId") REFERENCES "Game"("id") ON DELETE CASCADE ON UPDATE CASCADE;
