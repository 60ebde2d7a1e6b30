-- Trigram matching for the catalogue search (docs/decisions/005-catalogue-search.md): typo-tolerant
-- name matching and partial part numbers. pg_trgm ships with PostgreSQL (contrib) and with PGlite (loaded by
-- src/db/connect.ts). Creating it needs a role allowed to create trusted extensions (PostgreSQL 13+: the
-- database owner is enough).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
