-- Time controls (issue 21): the game's control, and with each move the
-- mover's time left and when the next mover's time runs out. Durations in
-- microseconds; 0 (or NULL) where there is no clock.
ALTER TABLE games ADD COLUMN clock_initial_us BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN clock_increment_us BIGINT NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN left_us BIGINT NOT NULL DEFAULT 0;
ALTER TABLE moves ADD COLUMN deadline TIMESTAMPTZ; -- NULL: no clock runs after the move

-- The start-up sweep reads the clocked games that have no result stored.
CREATE INDEX games_clock_running ON games (id) WHERE clock_initial_us > 0 AND forfeit_seat IS NULL;
