import { sql, type SQL } from 'drizzle-orm';
import type { ProductCard, ProductList, ProductSort } from '@/shared/contracts/catalog';
import { preparedQuery, queryRows, type Db } from '../../db/client';
import { getKitchenWarehouse, warehouseDeliversSql, warehouseNotDelivering } from '../locations/get-warehouse';
import { productCardColumns } from './product-card-sql';
import { expandAbbreviations } from './search-abbreviations';

export interface ListProductsOptions {
  db: Db;
  warehouseId?: string;
  categoryId?: string;
  subcategoryId?: string;
  q?: string;
  sort: ProductSort;
  page: number;
  pageSize: number;
}

interface Filters {
  warehouseId: string;
  categoryId?: string;
  subcategoryId?: string;
}

/** A page: how many to skip, how many to show. */
interface Window {
  offset: number;
  limit: number;
}

/**
 * Products the warehouse sells, filtered, searched and sorted. Search matches words (full text,
 * with stemming) or near-spellings of the name (trigram word similarity), so 'banan' and 'chiken' work;
 * a few shorthands ('oj') are read as the words they stand for.
 */
export async function listProducts(options: ListProductsOptions): Promise<ProductList> {
  const { db, categoryId, subcategoryId, sort, page, pageSize } = options;
  const warehouseId = options.warehouseId ?? (await getKitchenWarehouse({ db })).id;
  const filters: Filters = { warehouseId, categoryId, subcategoryId };
  const window: Window = { offset: (page - 1) * pageSize, limit: pageSize };
  const q = expandAbbreviations(options.q?.trim() ?? '') || undefined;

  const read = async (): Promise<Page> => {
    if (q) return searchProducts(db, filters, q, window);
    if (sort === 'relevance') return popularPage(db, filters, window);
    const [items, { total, delivers }] = await Promise.all([sortedPage(db, filters, sort, window), countShelf(db, filters)]);
    return { items, total, delivers };
  };
  const { items, total, delivers } = await read();
  // The page's statement says whether the warehouse delivers: an unknown one answers 404, in the same round trip.
  if (!delivers) throw warehouseNotDelivering();
  return { warehouseId, items, total, page, pageSize };
}

/** A page's cards, how many match in all, and whether its warehouse is one that delivers. */
interface Page {
  items: ProductCard[];
  total: number;
  delivers: boolean;
}

/** What each page statement answers besides the cards: the total, and whether the warehouse delivers. */
type PageRow = ProductCard & { total: number; delivers: boolean };

/** Whether a category or subcategory narrows the shelf. */
function isFiltered({ categoryId, subcategoryId }: Filters): boolean {
  return Boolean(categoryId || subcategoryId);
}

/** The shelf (what the warehouse sells) and the filters, on `warehouse_products wp join products p`. */
function shelfConditions({ warehouseId, categoryId, subcategoryId }: Filters): SQL {
  const conditions: SQL[] = [sql`wp.warehouse_id = ${warehouseId}`, sql`wp.active`];
  if (categoryId) conditions.push(sql`p.category_id = ${categoryId}`);
  if (subcategoryId) conditions.push(sql`p.subcategory_id = ${subcategoryId}`);
  return sql.join(conditions, sql` and `);
}

const sortOrders: Record<Exclude<ProductSort, 'relevance'>, SQL> = {
  price_asc: sql`wp.price asc, p.name asc, p.id`,
  price_desc: sql`wp.price desc, p.name asc, p.id`,
  name_asc: sql`p.name asc, p.id`,
  name_desc: sql`p.name desc, p.id`,
};

function sortedPage(db: Db, filters: Filters, sort: Exclude<ProductSort, 'relevance'>, { offset, limit }: Window): Promise<ProductCard[]> {
  return cardsOf(
    db,
    filters.warehouseId,
    sql`select p.id from warehouse_products wp join products p on p.id = wp.product_id
        where ${shelfConditions(filters)}
        order by ${sortOrders[sort]}
        limit ${limit} offset ${offset}`,
    sortOrders[sort],
  );
}

/**
 * The cards of the products a query of ids picks, in `order`. The page is cut on ids alone, so the
 * card's columns (its offer's subquery among them) are computed for the products shown only, not for
 * every product skipped before them.
 */
function cardsOf(db: Db, warehouseId: string, ids: SQL, order: SQL): Promise<ProductCard[]> {
  return queryRows<ProductCard>(
    db,
    sql`select ${productCardColumns}
        from (${ids}) page join products p on p.id = page.id
          join warehouse_products wp on wp.warehouse_id = ${warehouseId} and wp.product_id = p.id
        order by ${order}`,
  );
}

/**
 * The default order: what the warehouse sold most in the last four weeks, then the best rated, then by
 * name. The few products that sold or were rated (`product_popularity`) come first, in that order;
 * the rest of the shelf follows by name, read along a name index (`shelfByName`), so a page costs the
 * products before it on that index instead of a sort of the whole shelf. One query, total included:
 * each query is a round trip whose cost the server pays as much as the database.
 */
async function popularPage(db: Db, filters: Filters, window: Window): Promise<Page> {
  const rows = isFiltered(filters)
    ? await queryRows<PageRow>(db, popularPageSql(filters, window))
    : await unfilteredPopularPage(db, { filters, window });
  return pageOf(rows);
}

/**
 * The whole shelf in the default order, the catalog's busiest query: a prepared statement, so
 * PostgreSQL plans it once per connection instead of on every page (its planning cost about half of
 * running it). A filter changes its text, so filtered pages are planned each time.
 */
const unfilteredPopularPage = preparedQuery<{ filters: Filters; window: Window }, PageRow>('catalog_popular_page', ({ filters, window }) =>
  popularPageSql(filters, window),
);

function popularPageSql(filters: Filters, { offset, limit }: Window): SQL {
  // The popular products are counted apart, from the shelf's own mark: a page past them needs only
  // how many there are, so their order (which reads their sales) is worked out only for a page that shows some.
  const onShelf = isFiltered(filters) ? sql`warehouse_products wp join products p on p.id = wp.product_id` : sql`warehouse_products wp`;
  return sql`with popular_count as materialized (
          select count(*) as n from ${onShelf} where ${shelfConditions(filters)} and wp.popular),
        popular as (
          select wp.product_id as id, row_number() over (order by pop.units desc, pop.rating desc nulls last, wp.product_name asc, wp.product_id) as position
          from ${onShelf}
            join product_popularity pop on pop.warehouse_id = wp.warehouse_id and pop.product_id = wp.product_id
          where ${shelfConditions(filters)} and wp.popular),
        rest as (
          select id, greatest((select n from popular_count), ${offset}) + row_number() over (order by name, id) as position
          from (${shelfByName(filters, {
            skip: sql`greatest(${offset} - (select n from popular_count), 0)`,
            take: sql`greatest(${offset + limit} - greatest((select n from popular_count), ${offset}), 0)`,
          })}) by_name),
        shown as (
          select id, position from popular where position > ${offset} and position <= ${offset + limit} and (select n from popular_count) > ${offset}
          union all
          -- Every row of rest is on the page already; saying so keeps the planner's estimate at a page's
          -- size, so it joins the cards by key instead of hashing the catalog.
          select id, position from rest where position > ${offset} and position <= ${offset + limit})
        select ${productCardColumns}, total.total, total.delivers
        from (${shelfTotal(filters)}) total
          left join (shown join products p on p.id = shown.id
            join warehouse_products wp on wp.warehouse_id = ${filters.warehouseId} and wp.product_id = p.id) on true
        order by shown.position`;
}

/**
 * The shelf after its popular products (listed before them), in name order: `take` of them after
 * skipping `skip`. Unfiltered, the shelf is read along its own index of them
 * (`warehouse_products_unpopular_shelf_name_idx`, migration 0030): a page costs the index entries
 * before it, with no probe per entry. Filtered, along the products' name indexes (the subcategory's
 * own among them).
 */
function shelfByName(filters: Filters, { skip, take }: { skip: SQL; take: SQL }): SQL {
  if (!isFiltered(filters)) {
    return sql`select wp.product_id as id, wp.product_name as name from warehouse_products wp
      where ${shelfConditions(filters)} and not wp.popular
      order by wp.product_name asc, wp.product_id
      offset ${skip} limit ${take}`;
  }
  return sql`select p.id, p.name from products p join warehouse_products wp on wp.warehouse_id = ${filters.warehouseId} and wp.product_id = p.id
    where ${shelfConditions(filters)} and not wp.popular
    order by p.name asc, p.id
    offset ${skip} limit ${take}`;
}

/** The page of a statement that answers one row with the total alone when the page is empty. */
function pageOf(rows: PageRow[]): Page {
  const total = rows[0]?.total ?? 0;
  const delivers = rows[0]?.delivers ?? false;
  const items = rows.filter((row) => row.id !== null).map(({ total: _total, delivers: _delivers, ...card }) => card);
  return { items, total, delivers };
}

/**
 * How many products the shelf holds under the filters: a sum over the counts triggers keep per
 * warehouse, category and subcategory (migration 0019), never a count over the shelf.
 */
async function countShelf(db: Db, filters: Filters): Promise<{ total: number; delivers: boolean }> {
  const [row] = await queryRows<{ total: number; delivers: boolean }>(db, shelfTotal(filters));
  return row ?? { total: 0, delivers: false };
}

function shelfTotal({ warehouseId, categoryId, subcategoryId }: Filters): SQL {
  const conditions: SQL[] = [sql`warehouse_id = ${warehouseId}`];
  if (categoryId) conditions.push(sql`category_id = ${categoryId}`);
  if (subcategoryId) conditions.push(sql`subcategory_id = ${subcategoryId}`);
  return sql`select coalesce(sum(products), 0)::int as total, ${warehouseDeliversSql(warehouseId)} as delivers from shelf_counts where ${sql.join(conditions, sql` and `)}`;
}

/** What a search matches, on `warehouse_products wp` and, when it `readsProducts`, `products p`, and how close each match is. */
interface Match {
  /** Common table expressions the others read, put first in the page's `with`. */
  prelude?: SQL;
  condition: SQL;
  closeness: SQL;
  readsProducts: boolean;
  /** The text search query matched, when there is one: an aisle (subcategory) whose name it matches is where the query is at home. */
  words?: SQL;
  /** The lexemes of `words` when it is one word or alternatives of words ('tomato'; 'chicken' | 'chick'), else null. */
  lexemes?: SQL;
  /** Whether the first tier of a query of one word, or of alternative words, is read from the shelf's word index (`shelf_words`). */
  readsShelfWords?: boolean;
}

// Closeness of a word match is read from the name alone (weights D, C, B, A): a brand or description
// repeating the word does not lift a product above the ones it names.
const nameOnly = sql`'{0, 0, 0, 1}'::float4[]`;

/**
 * The query's words (full text, stemmed), matched on the shelf's copy of the search vector
 * (`warehouse_products_shelf_search_idx`), or, when none of the shelf's products match them, the
 * catalog words the query resembles (`meantQuery`: 'chiken' → 'chicken'), matched the same way. One
 * statement decides which (`chosen`), so a misspelt search is one round trip and one wait for a
 * connection, not three. A word match is as close as its rank on the name; a misspelling is as close
 * to a name as its words are to the name's words.
 */
function matchWordsOrMeant(filters: Filters, q: string, window: Window): Match {
  const typed = sql`websearch_to_tsquery('english', ${q})`;
  const readsShelfWords = !isFiltered(filters) && withinFirstTier(window);
  const anyTyped = sql`exists (select from ${shelfOf(filters)} where ${shelfConditions(filters)} and wp.search_vector @@ (select query from typed))`;
  const found = readsShelfWords
    ? sql`case when (select lexemes from typed) is not null
        then exists (select from shelf_words w where w.warehouse_id = ${filters.warehouseId} and w.lexeme = any ((select lexemes from typed)::text[]))
        else ${anyTyped} end`
    : anyTyped;
  const words = sql`(select query from chosen)`;
  return {
    // Materialized (or fenced by offset 0), so that each query is made once, not once per use.
    prelude: sql`typed as (select query, ${lexemesOf(sql`query`)} as lexemes from (select ${typed} as query offset 0) typed),
        decided as materialized (
          select by_words, case when by_words then (select query from typed) else (${meantQuery(q)}) end as query
          from (select ${found} as by_words offset 0) found),
        chosen as (select by_words, query, ${lexemesOf(sql`query`)} as lexemes from decided),`,
    condition: sql`wp.search_vector @@ ${words}`,
    closeness: sql`case when (select by_words from chosen) then ts_rank(${nameOnly}, p.search_vector, ${words}) else word_similarity(${q}, p.name) end`,
    readsProducts: false,
    words,
    lexemes: sql`(select lexemes from chosen)`,
    readsShelfWords,
  };
}

/**
 * The lexemes of a text search query that is one lexeme or alternatives of lexemes ('organ',
 * 'chicken' | 'chick'), else null. Such a query matches a shelf exactly when its search vector holds
 * one of them: those shelves are the lexemes' rows in `shelf_words`.
 */
function lexemesOf(query: SQL): SQL {
  return sql`case when ${query}::text ~ '^''[[:alnum:]]+''( [|] ''[[:alnum:]]+'')*$'
          then array(select m[1] from regexp_matches(${query}::text, '''([[:alnum:]]+)''', 'g') m) end`;
}

/** The whole query against every name by trigram similarity: the last resort. */
function matchNames(q: string): Match {
  return { condition: sql`${q} <% p.name`, closeness: sql`word_similarity(${q}, p.name)`, readsProducts: true };
}

/**
 * Words first, or the words a misspelling means (`matchWordsOrMeant`). A query none of whose words
 * resembles a catalog word ('icecream'), or whose words resemble ones this shelf does not hold, is
 * matched as a whole by trigram similarity to the names.
 */
async function searchProducts(db: Db, filters: Filters, q: string, window: Window): Promise<Page> {
  const plannedOnce = !isFiltered(filters) && withinFirstTier(window);
  const byWords = pageOf(plannedOnce ? await firstSearchPages(db, { filters, q, window }) : await searchPage(db, filters, q, matchWordsOrMeant(filters, q, window), window));
  if (byWords.total > 0 || !byWords.delivers) return byWords;
  return pageOf(await searchPage(db, filters, q, matchNames(q), window));
}

/** How many catalog words one misspelt word may stand for: the closest first. */
const MEANT_PER_WORD = 20;

/**
 * How far behind the closest catalog word another may be and still be meant. Closeness adds the
 * word similarity (how much of the typed word the catalog word holds: 'banan' in 'bananas') to the
 * similarity (how alike the two words are as wholes: 'ceral' is 'cereal', not 'mineral').
 */
const MEANT_MARGIN = 0.15;

/**
 * What a catalog word gains when it holds the typed word's letters in order, or the typed word holds
 * its letters in order: the typed word dropped letters ('chikn', 'bred') or added some ('tomatoe'),
 * the commonest slips. More than any two trigram closenesses differ, so such a word puts aside the
 * ones that merely share trigrams ('chips' for 'chikn', 'brew' for 'bred'); among such words, and
 * among the others, trigram closeness decides as before.
 */
const LETTERS_IN_ORDER = 1;

/**
 * A catalog word of about a misspelt word's length (at most `SLIP_LENGTH` letters longer or shorter)
 * is meant when a quarter of their trigrams agree (`SLIP_SIMILARITY`): one wrong, swapped, dropped or
 * added letter breaks up to three of a short word's few trigrams ('samon' → 'salmon' scores 0.44 on
 * word similarity, under the 0.45 of `<%`; 'cerael' → 'cereal' 0.43, 'avacado' → 'avocados' 0.36).
 * The length keeps out a word inside a longer one ('icecream' is not 'cream'). Both are checked after
 * the length, so the similarity is computed for the words of about that length only.
 */
const SLIP_LENGTH = 1;
const SLIP_SIMILARITY = 0.25;

/** Whether `word` holds the letters of `letters` in order (both letters and digits only, so none is a pattern operator). */
function inOrder(letters: SQL, word: SQL): SQL {
  return sql`${word} ~ regexp_replace(${letters}, '(.)', '\\1.*', 'g')`;
}

/**
 * The query as the catalog's words it resembles, as a text search query: each of its words that
 * resembles any is replaced by the closest it resembles (`(chicken | chick) & (breast)`), read from
 * the words of the product names (`search_words`, migration 0027) by trigram similarity, as a whole
 * name would be: 'banan' means 'bananas', not 'bandages'. A word of about the typed word's length
 * alike as a whole is a candidate too (`SLIP_LENGTH`): 'cerael' means 'cereal'. Null when no word of
 * the query resembles a catalog word.
 */
function meantQuery(q: string): SQL {
  // Catalog words are letters and digits only (split as below), so none is read as a query operator.
  return sql`select to_tsquery('english', string_agg('(' || meant || ')', ' & ' order by asked_word))
        from (
          select asked.word as asked_word, string_agg(resembled.word, ' | ' order by resembled.closeness desc, resembled.word) as meant
          from (select distinct word from regexp_split_to_table(lower(${q}), '[^[:alnum:]]+') word where length(word) > 1) asked
            cross join lateral (
              select word, closeness from (
                select word, closeness, max(closeness) over () as closest
                from (
                  select word, closeness + case when ${inOrder(sql`asked.word`, sql`word`)} or ${inOrder(sql`word`, sql`asked.word`)} then ${LETTERS_IN_ORDER} else 0 end as closeness
                  from (
                    select s.word, word_similarity(asked.word, s.word) + similarity(asked.word, s.word) as closeness from search_words s
                    where (asked.word <% s.word or (abs(length(s.word) - length(asked.word)) <= ${SLIP_LENGTH} and similarity(asked.word, s.word) >= ${SLIP_SIMILARITY}))
                      and s.word ~ '^[[:alnum:]]+$'
                    order by closeness desc, s.word
                    limit ${MEANT_PER_WORD}) nearest) candidates) ranked
              where closeness >= closest - ${MEANT_MARGIN}) resembled
          group by asked.word) per_word`;
}

/**
 * How many matches a search ranks first. A common word matches thousands of products at scale; the
 * order ranks first the shortest names that match (the names the query covers most, which the order
 * favours anyway) and every match the warehouse sold or that was rated, then the other matches, so
 * the first pages rank a bounded number of rows however many match (ADR 043).
 */
export const RANKED_MATCHES = 200;

/** A search page planned for its values: filtered, past the first tier, or the last resort. */
function searchPage(db: Db, filters: Filters, q: string, match: Match, window: Window): Promise<PageRow[]> {
  return queryRows<PageRow>(db, searchPageSql(filters, q, match, window));
}

/**
 * The first pages of a search unfiltered, the storefront's usual ones: a named statement, planned once
 * per connection (planning the query cost about a third of running it). Its text depends on nothing
 * but the statement: unfiltered, within the first tier.
 */
const firstSearchPages = preparedQuery<{ filters: Filters; q: string; window: Window }, PageRow>('catalog_search', ({ filters, q, window }) =>
  firstPageSql(filters, q, matchWordsOrMeant(filters, q, window), window),
);

function firstPageSql(filters: Filters, q: string, match: Match, window: Window): SQL {
  // Another text under the same name would run the statement prepared first.
  if (isFiltered(filters) || !withinFirstTier(window)) throw new Error('A named search statement is for the first pages unfiltered');
  return searchPageSql(filters, q, match, window);
}

/** Whether a page lies inside the first tier: then it needs only the first tier's matches; a later one, all of them. */
function withinFirstTier({ offset, limit }: Window): boolean {
  return offset + limit <= RANKED_MATCHES;
}

/**
 * The `matches` CTE: the matches of the page's tier (on the first pages, the `RANKED_MATCHES` shortest
 * names) with how many there are in all, and whether each is in the first tier.
 */
function matchesSql(filters: Filters, match: Match, window: Window): SQL {
  const scanned = (guard: SQL) => sql`select wp.product_id as id, count(*) over () as total,
            row_number() over (order by length(wp.product_name), wp.product_id) <= ${RANKED_MATCHES} as first_tier
          from ${shelfOf(filters, match.readsProducts)}
          where ${shelfConditions(filters)} and ${match.condition} and ${guard}
          ${withinFirstTier(window) ? sql`order by length(wp.product_name), wp.product_id limit ${RANKED_MATCHES}` : sql``}`;
  if (!match.readsShelfWords) return sql`matches as (${scanned(sql`true`)})`;
  // Each lexeme's shortest names lie first along the key: the first tier is among the first of each.
  const shelf = sql`c.warehouse_id = ${filters.warehouseId}`;
  return sql`matches as (
          (select w.product_id as id,
            (select case when cardinality(lexemes) = 1
              then (select count(*) from shelf_words c where ${shelf} and c.lexeme = lexemes[1])
              else (select count(distinct c.product_id) from shelf_words c where ${shelf} and c.lexeme = any (lexemes)) end
            from chosen) as total,
            true as first_tier
          from (select distinct w.name_length, w.product_id
            from chosen, unnest(chosen.lexemes) asked (lexeme)
              cross join lateral (
                select s.name_length, s.product_id from shelf_words s
                where s.warehouse_id = ${filters.warehouseId} and s.lexeme = asked.lexeme
                order by s.name_length, s.product_id
                limit ${RANKED_MATCHES}) w) w
          order by w.name_length, w.product_id
          limit ${RANKED_MATCHES})
          union all
          (${scanned(sql`(select lexemes from chosen) is null`)}))`;
}

/** The shelf a search reads, with the catalog's products when a filter or the match needs them. */
function shelfOf(filters: Filters, matchReadsProducts = false): SQL {
  return readsProducts(filters, matchReadsProducts) ? sql`warehouse_products wp join products p on p.id = wp.product_id` : sql`warehouse_products wp`;
}

/** Whether a search's conditions read the catalog's products (`p`): a filter does, and a match on the names. */
function readsProducts(filters: Filters, matchReadsProducts: boolean): boolean {
  return matchReadsProducts || isFiltered(filters);
}

/**
 * Whether a product's name ends in the word searched for: in a grocery name the last word says what
 * the product is ('Roma Tomatoes'), the words before it what it is made of or tastes of ('Tomato
 * Ketchup'); a comma or a parenthesis puts what it is first ('Tomatoes, Diced', 'Tomatoes (Roma)'), and
 * a hyphen joins words ('Cherry-Tomatoes'). That word is stemmed by the dictionary the search uses and
 * compared with the query's lexemes. Cut with `split_part` rather than a regular expression, which
 * costs several times as much for each of the products a search ranks (ADR 068).
 */
function namesIt({ lexemes }: Match): SQL {
  if (!lexemes) return sql`false`;
  const beforeDetails = sql`rtrim(split_part(split_part(p.name, ',', 1), '(', 1), ' .')`;
  return sql`coalesce(ts_lexize('english_stem', lower(split_part(split_part(${beforeDetails}, ' ', -1), '-', -1))) && ${lexemes}, false)`;
}

/**
 * One page of matches and how many there are, in one pass over the matches. The order: the first
 * tier above, then closeness, in steps of a tenth so that near-equal matches tie (every name holding
 * the word, or every near-spelling of it, alike). Among ties, the products of an aisle whose name the
 * query's words match come first ('pasta': the pasta aisle's spaghetti before the parmesan whose
 * description mentions pasta), then those of the aisle (subcategory) the query is most at home in:
 * first the one whose names end in the word searched for (`namesIt`), so 'tomato' lists the canned
 * and fresh tomatoes before the ketchup and sauces aisle; then the one whose names the query covers
 * most, added over its matching products, so 'chiken' lists the poultry aisle's chicken before
 * chicken-flavoured dog treats, whose longer names only mention it. Both sums are over the
 * ranked matches of the aisle, not of the department: the pantry's tomato names, spread over two
 * aisles, no longer outweigh the fresh vegetables' together. Then what sells and is rated best, then
 * the names the query covers most of ('Whole Chicken' before 'Boneless Skinless Chicken Breast').
 */
function searchPageSql(filters: Filters, q: string, match: Match, window: Window): SQL {
  const { offset, limit } = window;
  const { closeness } = match;
  return sql`with ${match.prelude ?? sql``} ${matchesSql(filters, match, window)},
        candidates as (
          select id, bool_or(first_tier) as first_tier
          from (select id, first_tier from matches
            union all
            select wp.product_id, true from ${shelfOf(filters, match.readsProducts)}
            where ${shelfConditions(filters)} and wp.popular and ${match.condition}) tiers
          group by id),
        home_aisles as (
          select id from subcategories where ${match.words ? sql`to_tsvector('english', name) @@ ${match.words}` : sql`false`}),
        scored as (
          select p.id, p.name, p.category_id, p.subcategory_id, c.first_tier, round((${closeness})::numeric, 1) as closeness, similarity(${q}, p.name) as coverage,
            coalesce(p.subcategory_id in (select id from home_aisles), false) as at_home,
            ${namesIt(match)} as names_it,
            coalesce(pop.units, 0) as units, pop.rating
          from candidates c join products p on p.id = c.id
            left join product_popularity pop on pop.warehouse_id = ${filters.warehouseId} and pop.product_id = p.id),
        ranked as (
          -- Each name's similarity to the query computed once, for itself and for its aisle's sums.
          select *, coalesce(sum(coverage) filter (where names_it) over aisle, 0) as aisle_naming, sum(coverage) over aisle as aisle_coverage
          from scored
          window aisle as (partition by first_tier, category_id, subcategory_id)),
        shown as (
          select id, row_number() over (order by first_tier desc, closeness desc, at_home desc, aisle_naming desc, aisle_coverage desc, units desc, rating desc nulls last, coverage desc, name asc, id) as position
          from ranked
          order by position
          limit ${limit} offset ${offset})
        select ${productCardColumns}, total.total::int as total, ${warehouseDeliversSql(filters.warehouseId)} as delivers
        from (select max(total) as total from matches) total
          left join (shown join products p on p.id = shown.id
            join warehouse_products wp on wp.warehouse_id = ${filters.warehouseId} and wp.product_id = p.id) on true
        order by shown.position`;
}
