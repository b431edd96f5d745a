-- AlterTable
ALTER TABLE "Game" ADD COLUMN     "priceWrites" INTEGER NOT NULL DEFAULT 0;

-- Every write or delete of a game's own prices (player '') or of their recorded changes bumps the game's
-- counter, once per statement and game, in the same transaction, whoever writes: get_game_odds reuses a
-- game's priced markets only while it is unchanged.
CREATE FUNCTION "count_price_writes_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" IN (SELECT "gameId" FROM new_rows WHERE "player" = '');
  RETURN NULL;
END $$;
CREATE FUNCTION "count_price_writes_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" IN (SELECT "gameId" FROM old_rows WHERE "player" = '');
  RETURN NULL;
END $$;
CREATE FUNCTION "count_price_writes_both"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" IN (
    SELECT "gameId" FROM new_rows WHERE "player" = '' UNION SELECT "gameId" FROM old_rows WHERE "player" = '');
  RETURN NULL;
END $$;
CREATE TRIGGER "Price_counts_insert" AFTER INSERT ON "Price" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_price_writes_new"();
CREATE TRIGGER "Price_counts_update" AFTER UPDATE ON "Price" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_price_writes_both"();
CREATE TRIGGER "Price_counts_delete" AFTER DELETE ON "Price" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_price_writes_old"();
CREATE TRIGGER "PriceHistory_counts_insert" AFTER INSERT ON "PriceHistory" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_price_writes_new"();
CREATE TRIGGER "PriceHistory_counts_update" AFTER UPDATE ON "PriceHistory" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_price_writes_both"();
CREATE TRIGGER "PriceHistory_counts_delete" AFTER DELETE ON "PriceHistory" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_price_writes_old"();
