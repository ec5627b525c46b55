-- The planner prices pg_trgm's word-similarity match at the default cost of a cheap function and so
-- prefers reading every product over the trigram index for a misspelled search, which is around ten
-- times slower on a large catalog. Comparing trigram sets costs far more than an ordinary operator.
-- Only the function's owner may change it: where the extension belongs to someone else (a managed
-- server), search still works, only slower, and the migration says so instead of failing.
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION %s COST 100', 'word_similarity_op(text, text)'::regprocedure);
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'word_similarity_op keeps its default cost: only its owner can change it';
END
$$;
