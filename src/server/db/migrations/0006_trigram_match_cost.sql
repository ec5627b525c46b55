-- The planner prices pg_trgm's word-similarity match at the default cost of a cheap function and so
-- prefers reading every product over the trigram index for a misspelled search, which is around ten
-- times slower on a large catalog. Comparing trigram sets costs far more than an ordinary operator.
ALTER FUNCTION word_similarity_op(text, text) COST 100;
