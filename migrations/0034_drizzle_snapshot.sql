-- drizzle-kit's snapshot after the hand-written migrations 0021-0033 (written in parallel with fixed
-- numbers, so none of them could run drizzle-kit generate). This file changes nothing: it only gives
-- meta/0034_snapshot.json a journal entry, so the next `npm run db:generate` diffs against today's
-- schema. The schema.ts tables were checked against 0021-0033 (tables, columns, indexes).
SELECT 1;
