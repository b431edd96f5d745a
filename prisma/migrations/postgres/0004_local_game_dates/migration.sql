-- Data migration, no schema change: a game id's date becomes the league's local date (US Eastern for the US
-- leagues, UK time for the EPL) instead of the UTC date, so Monday night's game is not dated Tuesday
-- (lib/data/sports.ts gameIdFor). Every stored reference moves with the game: prices, weather and player stats
-- (their foreign keys cascade the update), price history, bets, picks and the provider-fetch keys props:<id>
-- and stats:<id>. The conversion uses the server's time-zone database ("startsAt" is UTC without a zone).
--
-- Only ids of the generated shape whose date is the UTC date of startsAt are touched. A game whose new id is
-- already taken (by another game, or by two games mapping to one id) keeps its id.

CREATE TEMP TABLE "_jev_game_ids" ON COMMIT DROP AS
SELECT
  "id" AS "oldId",
  "sport" || '-' || to_char(
    ("startsAt" AT TIME ZONE 'UTC') AT TIME ZONE (CASE WHEN "sport" = 'epl' THEN 'Europe/London' ELSE 'America/New_York' END),
    'YYYYMMDD'
  ) || substr("id", length("sport") + 10) AS "newId"
FROM "Game"
WHERE substr("id", 1, length("sport") + 1) = "sport" || '-'
  AND substr("id", length("sport") + 2, 8) = to_char("startsAt", 'YYYYMMDD')
  AND substr("id", length("sport") + 10, 1) = '-';

DELETE FROM "_jev_game_ids" WHERE "newId" = "oldId";
DELETE FROM "_jev_game_ids"
WHERE "newId" IN (SELECT "id" FROM "Game")
   OR "newId" IN (SELECT "newId" FROM "_jev_game_ids" GROUP BY "newId" HAVING count(*) > 1);

UPDATE "Game" g SET "id" = m."newId" FROM "_jev_game_ids" m WHERE g."id" = m."oldId";
UPDATE "PriceHistory" t SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE t."gameId" = m."oldId";
UPDATE "Bet" t SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE t."gameId" = m."oldId";
UPDATE "Recommendation" t SET "gameId" = m."newId" FROM "_jev_game_ids" m WHERE t."gameId" = m."oldId";

-- Fetch claims and freshness of a game's props and box score follow it; a key already taken is dropped.
UPDATE "ProviderFetch" f SET "key" = 'props:' || m."newId" FROM "_jev_game_ids" m
WHERE f."key" = 'props:' || m."oldId"
  AND NOT EXISTS (SELECT 1 FROM "ProviderFetch" p WHERE p."key" = 'props:' || m."newId");
UPDATE "ProviderFetch" f SET "key" = 'stats:' || m."newId" FROM "_jev_game_ids" m
WHERE f."key" = 'stats:' || m."oldId"
  AND NOT EXISTS (SELECT 1 FROM "ProviderFetch" p WHERE p."key" = 'stats:' || m."newId");
DELETE FROM "ProviderFetch"
WHERE "key" IN (SELECT 'props:' || "oldId" FROM "_jev_game_ids" UNION ALL SELECT 'stats:' || "oldId" FROM "_jev_game_ids");
