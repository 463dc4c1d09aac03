-- A forfeit is stored as what it is: the seat that forfeited, why and when.
ALTER TABLE games ADD COLUMN forfeit_seat INTEGER CHECK (forfeit_seat IN (0, 1)); -- NULL: no forfeit
ALTER TABLE games ADD COLUMN forfeit_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN forfeit_at TIMESTAMPTZ;

-- Before, a forfeit was a last "move" at cell -1 by the seat to move
-- (moves alternate from the first seat, so the seat is its ply mod 2);
-- its reason was not stored. Such moves become forfeits, and the game's
-- ply counts the real moves only. The version stays: the forfeit was one
-- change then and is one change now.
UPDATE games SET
    forfeit_seat = (ply - 1) % 2,
    forfeit_at = (SELECT m.created_at FROM moves m WHERE m.game_id = games.id AND m.ply = games.ply - 1)
WHERE EXISTS (SELECT 1 FROM moves m WHERE m.game_id = games.id AND m.ply = games.ply - 1 AND m.cell = -1);

DELETE FROM moves WHERE cell = -1
    AND EXISTS (SELECT 1 FROM games g WHERE g.id = moves.game_id AND g.forfeit_seat IS NOT NULL AND moves.ply = g.ply - 1);

UPDATE games SET ply = ply - 1 WHERE forfeit_seat IS NOT NULL;
