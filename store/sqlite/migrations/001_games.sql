CREATE TABLE games (
    id         TEXT PRIMARY KEY,
    kind       TEXT NOT NULL,
    rules      TEXT NOT NULL,
    variant    TEXT NOT NULL DEFAULT '',
    opponent   TEXT NOT NULL,
    level      INTEGER NOT NULL DEFAULT 0,
    computer   INTEGER NOT NULL DEFAULT -1,
    seat0_hash BLOB,
    seat1_hash BLOB,
    version    INTEGER NOT NULL,
    ply        INTEGER NOT NULL,
    created_at INTEGER NOT NULL, -- Unix microseconds
    updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE moves (
    game_id    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,
    cell       INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
