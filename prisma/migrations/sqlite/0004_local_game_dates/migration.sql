-- Data migration, no schema change: a game id's date becomes the league's local date (US Eastern for the US
-- leagues, UK time for the EPL) instead of the UTC date, so Monday night's game is not dated Tuesday
-- (lib/data/sports.ts gameIdFor). Every stored reference moves with the game: prices, price history, weather,
-- player stats, bets, picks and the provider-fetch keys props:<id> and stats:<id>.
--
-- SQLite has no time-zone database, so the offsets come from the daylight-saving rules in force for the stored
-- data: US Eastern is UTC-4 from the second Sunday of March 07:00 UTC to the first Sunday of November 06:00 UTC
-- (2 a.m. local, rules since 2007), else UTC-5; UK time is UTC+1 from the last Sunday of March 01:00 UTC to the
-- last Sunday of October 01:00 UTC (rules since 1996), else UTC+0. The PostgreSQL migration uses the server's
-- zone database for the same conversion; the tests check both against Intl for every stored game.
--
-- Only ids of the generated shape whose date is the UTC date of startsAt are touched. A game whose new id is
-- already taken (by another game, or by two games mapping to one id) keeps its id.
-- Foreign keys are off while migrations run on SQLite, so every referencing table is updated here.

CREATE TEMP TABLE "_jev_game_local" AS
SELECT
  "id",
  "sport",
  datetime("startsAt") AS "utc",
  strftime('%Y', "startsAt") AS "year"
FROM "Game"
WHERE substr("id", 1, length("sport") + 1) = "sport" || '-'
  AND substr("id", length("sport") + 2, 8) = strftime('%Y%m%d', "startsAt")
  AND substr("id", length("sport") + 10, 1) = '-';

CREATE TEMP TABLE "_jev_game_ids" AS
SELECT
  "id" AS "oldId",
  "sport" || '-' || strftime(
    '%Y%m%d',
    "utc",
    CASE
      WHEN "sport" = 'epl' THEN
        CASE
          WHEN "utc" >= datetime(date("year" || '-03-25', 'weekday 0'), '+1 hours')
           AND "utc" < datetime(date("year" || '-10-25', 'weekday 0'), '+1 hours') THEN '+1 hours'
          ELSE '+0 hours'
        END
      ELSE
        CASE
          WHEN "utc" >= datetime(date("year" || '-03-01', 'weekday 0', '+7 days'), '+7 hours')
           AND "utc" < datetime(date("year" || '-11-01', 'weekday 0'), '+6 hours') THEN '-4 hours'
          ELSE '-5 hours'
        END
    END
  ) || substr("id", length("sport") + 10) AS "newId"
FROM "_jev_game_local";

DELETE FROM "_jev_game_ids" WHERE "newId" = "oldId";
DELETE FROM "_jev_game_ids"
WHERE "newId" IN (SELECT "id" FROM "Game")
   OR "newId" IN (SELECT "newId" FROM "_jev_game_ids" GROUP BY "newId" HAVING count(*) > 1);

UPDATE "Game" SET "id" = m."newId" FROM "_jev_game_ids" m WHERE "Game"."id" = m."oldId";
UPDATE "Price" SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE "Price"."gameId" = m."oldId";
UPDATE "Weather" SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE "Weather"."gameId" = m."oldId";
UPDATE "PlayerStat" SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE "PlayerStat"."gameId" = m."oldId";
UPDATE "PriceHistory" SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE "PriceHistory"."gameId" = m."oldId";
UPDATE "Bet" SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE "Bet"."gameId" = m."oldId";
UPDATE "Recommendation" SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE "Recommendation"."gameId" = m."oldId";

-- Fetch claims and freshness of a game's props and box score follow it; a key already taken is dropped.
UPDATE "ProviderFetch" SET "key" = 'props:' || m."newId" FROM "_jev_game_ids" m
WHERE "ProviderFetch"."key" = 'props:' || m."oldId"
  AND NOT EXISTS (SELECT 1 FROM "ProviderFetch" p WHERE p."key" = 'props:' || m."newId");
UPDATE "ProviderFetch" SET "key" = 'stats:' || m."newId" FROM "_jev_game_ids" m
WHERE "ProviderFetch"."key" = 'stats:' || m."oldId"
  AND NOT EXISTS (SELECT 1 FROM "ProviderFetch" p WHERE p."key" = 'stats:' || m."newId");
DELETE FROM "ProviderFetch"
WHERE "key" IN (SELECT 'props:' || "oldId" FROM "_jev_game_ids" UNION ALL SELECT 'stats:' || "oldId" FROM "_jev_game_ids");

DROP TABLE "_jev_game_ids";
DROP TABLE "_jev_game_local";
