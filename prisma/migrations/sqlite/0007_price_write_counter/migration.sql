-- AlterTable (a plain ADD COLUMN: rebuilding "Game" would cascade deletes to its prices, bets and picks)
ALTER TABLE "Game" ADD COLUMN "priceWrites" INTEGER NOT NULL DEFAULT 0;

-- Every write or delete of a game's own price (player '') or of its recorded changes bumps the game's
-- counter, in the same transaction, whoever writes: get_game_odds reuses a game's priced markets only while
-- it is unchanged.
CREATE TRIGGER "Price_counts_insert" AFTER INSERT ON "Price" WHEN NEW."player" = '' BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" = NEW."gameId";
END;
CREATE TRIGGER "Price_counts_update" AFTER UPDATE ON "Price" WHEN NEW."player" = '' OR OLD."player" = '' BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" IN (NEW."gameId", OLD."gameId");
END;
CREATE TRIGGER "Price_counts_delete" AFTER DELETE ON "Price" WHEN OLD."player" = '' BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" = OLD."gameId";
END;
CREATE TRIGGER "PriceHistory_counts_insert" AFTER INSERT ON "PriceHistory" WHEN NEW."player" = '' BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" = NEW."gameId";
END;
CREATE TRIGGER "PriceHistory_counts_update" AFTER UPDATE ON "PriceHistory" WHEN NEW."player" = '' OR OLD."player" = '' BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" IN (NEW."gameId", OLD."gameId");
END;
CREATE TRIGGER "PriceHistory_counts_delete" AFTER DELETE ON "PriceHistory" WHEN OLD."player" = '' BEGIN
  UPDATE "Game" SET "priceWrites" = "priceWrites" + 1 WHERE "id" = OLD."gameId";
END;
