/* SPDX-License-Identifier: MIT */
/*
 * Draws, discards, tiles and figures over whole games, checked after every
 * move against rules worked out here from the tile catalogue alone (none of
 * the engine's placement or feature code): random full games of every set of
 * the six modules, 2 to 5 players (6 with Inns & Cathedrals), every decision
 * taken at random (passes, the Count's decisions and its final round
 * included), and on some turns a tile chosen at random instead of the one
 * drawn.
 *  - placements by brute force: an empty cell next to the board and a
 *    rotation whose edges match every neighbour; a River tile also at the
 *    river's open end, never bending the way the last bend did (docs/rules.md
 *    "The River": the open end and the bends are followed from the River
 *    tiles on the board in their order of placement). The engine's placements
 *    of the tile to place are exactly these, every turn; while River tiles are
 *    left, those of every River kind too.
 *  - no placeable tile discarded: every tile that a move (or a choice)
 *    discarded had no placement on the board it was drawn for: the board
 *    before the move for the tiles drawn before its tile, the board after it
 *    for those discarded because no tile left had a place;
 *  - no unplaceable tile kept: the tile to place has a placement; a game
 *    ends with nothing left to draw;
 *  - tiles accounted for: for every kind, the copies of the tile set = left
 *    to draw + on the board + discarded;
 *  - figures accounted for (figures.h);
 *  - the Count: an exit during a scoring is asked only after a tile that
 *    completed a road, a city or a monastery (a flood fill over the
 *    catalogue's segments), so after a last tile that completed nothing the
 *    final round (or the end) follows at once.
 * DRAWS_GAMES (environment) sets the games per module set and player count
 * (default 4: 1,152 games; the 64 module sets with 2 to 5 players, the 32 with
 * Inns & Cathedrals with 6).
 */
#include "test_util.h"
#include "figures.h"

#include <stdio.h>
#include <stdlib.h>

#define GRID 256 /* cells (x, y) with |x|, |y| < GRID / 2 */
#define MAX_KINDS 256
#define MAX_SEGS 16
#define MAX_TILES 256

enum { BEND_NONE = 0, BEND_LEFT = 1, BEND_RIGHT = 2 };
static const int DX[4] = { 0, 1, 0, -1 };
static const int DY[4] = { -1, 0, 1, 0 };

/* ---- the catalogue, turned ---------------------------------------------- */

typedef struct turned {
    uint8_t edge[4];                          /* carc_edge per board side */
    uint8_t nseg, seg_kind[MAX_SEGS];
    uint8_t seg_edges[MAX_SEGS];              /* board sides a segment touches */
    uint8_t river;                            /* board sides of the river (0: none) */
} turned;

static turned cat[MAX_KINDS][4];

static void catalogue_load(void)
{
    uint32_t kinds = carc_tile_kind_count();
    assert_true(kinds <= MAX_KINDS);
    for (uint32_t k = 0; k < kinds; k++)
        for (uint32_t r = 0; r < 4; r++) {
            turned *t = &cat[k][r];
            uint32_t n = 0, e = 0;
            for (uint32_t s = 0; s < 4; s++) {
                assert_int_equal(carc_tile_edge(&e, k, r, s), CARC_OK);
                t->edge[s] = (uint8_t)e;
            }
            assert_int_equal(carc_tile_segment_count(&n, k), CARC_OK);
            assert_true(n <= MAX_SEGS);
            t->nseg = (uint8_t)n;
            for (uint32_t i = 0; i < n; i++) {
                carc_segment_info si = { .struct_size = sizeof si };
                assert_int_equal(carc_tile_segment(&si, k, r, i), CARC_OK);
                t->seg_kind[i] = (uint8_t)si.kind;
                t->seg_edges[i] = (uint8_t)si.edges;
                if (si.kind == CARC_SEG_RIVER)
                    t->river = (uint8_t)si.edges;
            }
        }
}

/* ---- the board, read through the API ------------------------------------ */

typedef struct board {
    carc_move tile[MAX_TILES]; /* in order of placement */
    uint32_t n;
    int16_t cell[GRID][GRID];  /* tile index + 1, 0: empty */
    bool river_open;           /* the river has an open end: the cell (rx, ry), */
    int32_t rx, ry;
    unsigned rin;              /* whose side rin faces the last River tile */
    unsigned last_bend;
} board;

static uint32_t seen[GRID][GRID], seen_mark;

static int16_t *cell(board *b, int32_t x, int32_t y)
{
    assert_true(x > -GRID / 2 && x < GRID / 2 && y > -GRID / 2 && y < GRID / 2);
    return &b->cell[y + GRID / 2][x + GRID / 2];
}

/* The tile index + 1 at (x, y), 0 for an empty cell. */
static int16_t index_at(const board *b, int32_t x, int32_t y)
{
    return cell((board *)b, x, y)[0];
}

static const carc_move *at(const board *b, int32_t x, int32_t y)
{
    int16_t i = index_at(b, x, y);
    return i ? &b->tile[i - 1] : NULL;
}

/* The bend of a river that enters by side `in` and leaves by side `out`. */
static unsigned bend_of(unsigned in, unsigned out)
{
    unsigned flow = (in + 2) & 3;
    return out == flow ? BEND_NONE : out == ((flow + 1) & 3) ? BEND_RIGHT : BEND_LEFT;
}

/* Read the board of g into b (and the cell map), and follow the river: the
 * spring's open end, then each River tile in order, entered by the side that
 * faces the open end. */
static void board_read(board *b, const carc_game *g)
{
    for (uint32_t i = 0; i < b->n; i++)
        *cell(b, b->tile[i].x, b->tile[i].y) = 0;
    assert_int_equal(carc_game_tile_count(&b->n, g), CARC_OK);
    assert_true(b->n <= MAX_TILES);
    b->river_open = false;
    b->last_bend = BEND_NONE;
    for (uint32_t i = 0; i < b->n; i++) {
        carc_move *m = &b->tile[i];
        assert_int_equal(carc_game_tile(m, g, i), CARC_OK);
        assert_int_equal(*cell(b, m->x, m->y), 0);
        *cell(b, m->x, m->y) = (int16_t)(i + 1);
        unsigned sides = cat[m->tile][m->rotation].river;
        if (!sides)
            continue;
        unsigned in = 4;
        if (b->river_open) { /* a River tile goes on the open end (not the spring) */
            assert_true(m->x == b->rx && m->y == b->ry);
            assert_true(sides & (1u << b->rin));
            in = b->rin;
        }
        unsigned rest = sides & ~(in < 4 ? 1u << in : 0u);
        b->river_open = rest != 0;
        if (!rest)
            continue; /* the lake */
        unsigned out = (unsigned)__builtin_ctz(rest);
        if (in < 4 && bend_of(in, out) != BEND_NONE)
            b->last_bend = bend_of(in, out);
        b->rx = m->x + DX[out];
        b->ry = m->y + DY[out];
        b->rin = (out + 2) & 3;
    }
}

/* ---- placements by brute force ------------------------------------------ */

typedef struct xyr {
    int32_t x, y;
    uint32_t r;
} xyr;

static int xyr_cmp(const void *a, const void *b)
{
    const xyr *p = a, *q = b;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return (int)p->r - (int)q->r;
}

/* Whether kind k turned r fits the empty cell (x, y): every edge matches its
 * placed neighbour's, and a River tile extends the river at its open end
 * without turning the way the last bend did. */
static bool fits(const board *b, uint32_t k, int32_t x, int32_t y, uint32_t r)
{
    const turned *t = &cat[k][r];
    for (unsigned s = 0; s < 4; s++) {
        const carc_move *nb = at(b, x + DX[s], y + DY[s]);
        if (nb && cat[nb->tile][nb->rotation].edge[(s + 2) & 3] != t->edge[s])
            return false;
    }
    if (!t->river)
        return true;
    if (!b->river_open || x != b->rx || y != b->ry || !(t->river & (1u << b->rin)))
        return false;
    unsigned rest = t->river & ~(1u << b->rin);
    return !rest || bend_of(b->rin, (unsigned)__builtin_ctz(rest)) == BEND_NONE ||
           bend_of(b->rin, (unsigned)__builtin_ctz(rest)) != b->last_bend;
}

/* Every placement of kind k (sorted), at most cap; returns how many. */
static size_t brute_placements(const board *b, uint32_t k, xyr *out, size_t cap)
{
    size_t n = 0;
    seen_mark++;
    for (uint32_t i = 0; i < b->n; i++)
        for (unsigned s = 0; s < 4; s++) {
            int32_t x = b->tile[i].x + DX[s], y = b->tile[i].y + DY[s];
            if (index_at(b, x, y) || seen[y + GRID / 2][x + GRID / 2] == seen_mark)
                continue;
            seen[y + GRID / 2][x + GRID / 2] = seen_mark;
            for (uint32_t r = 0; r < 4; r++)
                if (fits(b, k, x, y, r)) {
                    assert_true(n < cap);
                    out[n++] = (xyr){ x, y, r };
                }
        }
    qsort(out, n, sizeof *out, xyr_cmp);
    return n;
}

static bool placeable(const board *b, uint32_t k)
{
    static xyr buf[MAX_TILES * 16];
    return brute_placements(b, k, buf, sizeof buf / sizeof *buf) != 0;
}

/* The engine's placements of kind k are exactly the brute force's. */
static void check_placements(const carc_game *g, const board *b, carc_movelist *pl, uint32_t k)
{
    static xyr want[MAX_TILES * 16], got[MAX_TILES * 16];
    size_t nw = brute_placements(b, k, want, sizeof want / sizeof *want);
    assert_int_equal(carc_game_placements(pl, g, k, 0), CARC_OK);
    size_t ng = carc_movelist_count(pl);
    assert_true(ng <= sizeof got / sizeof *got);
    for (size_t i = 0; i < ng; i++) {
        const carc_move *m = &carc_movelist_data(pl)[i];
        assert_int_equal(m->tile, k);
        got[i] = (xyr){ m->x, m->y, m->rotation };
    }
    qsort(got, ng, sizeof *got, xyr_cmp);
    for (size_t i = 0; i < ng || i < nw; i++)
        if (i >= ng || i >= nw || xyr_cmp(&got[i], &want[i]) != 0)
            fail_msg("%s: the engine gives %zu placements, the brute force %zu; first difference: engine %s "
                     "(%d,%d) %u, brute force %s (%d,%d) %u (river end %s (%d,%d) side %u, last bend %u)",
                     carc_tile_name(k), ng, nw, i < ng ? "" : "none", i < ng ? got[i].x : 0, i < ng ? got[i].y : 0,
                     i < ng ? 90 * got[i].r : 0, i < nw ? "" : "none", i < nw ? want[i].x : 0,
                     i < nw ? want[i].y : 0, i < nw ? 90 * want[i].r : 0, b->river_open ? "open" : "closed", b->rx,
                     b->ry, b->rin, b->last_bend);
}

/* ---- features the tile at (x, y) completed -------------------------------- */

/* Whether the road or city of segment `seg` of the tile at (x, y) is closed:
 * a flood fill over the segments it joins, across matching sides. */
static bool closed(const board *b, int32_t x, int32_t y, uint32_t seg)
{
    typedef struct { int32_t x, y; uint32_t seg; } part;
    static part stack[MAX_TILES * MAX_SEGS];
    static uint32_t done[MAX_TILES][MAX_SEGS], mark;
    size_t n = 0;
    mark++;
    stack[n++] = (part){ x, y, seg };
    done[index_at(b, x, y) - 1][seg] = mark;
    while (n) {
        part s = stack[--n];
        const carc_move *m = at(b, s.x, s.y);
        const turned *t = &cat[m->tile][m->rotation];
        for (unsigned side = 0; side < 4; side++) {
            if (!(t->seg_edges[s.seg] & (1u << side)))
                continue;
            int32_t nx = s.x + DX[side], ny = s.y + DY[side];
            const carc_move *nb = at(b, nx, ny);
            if (!nb)
                return false;
            const turned *u = &cat[nb->tile][nb->rotation];
            for (uint32_t j = 0; j < u->nseg; j++)
                if (u->seg_kind[j] == t->seg_kind[s.seg] && (u->seg_edges[j] & (1u << ((side + 2) & 3))) &&
                    done[index_at(b, nx, ny) - 1][j] != mark) {
                    done[index_at(b, nx, ny) - 1][j] = mark;
                    stack[n++] = (part){ nx, ny, j };
                }
        }
    }
    return true;
}

/* Whether the tile at (x, y), just placed, completed a road, a city or a
 * monastery (its own or one around it). */
static bool completes(const board *b, int32_t x, int32_t y)
{
    const carc_move *m = at(b, x, y);
    const turned *t = &cat[m->tile][m->rotation];
    for (uint32_t i = 0; i < t->nseg; i++)
        if ((t->seg_kind[i] == CARC_SEG_ROAD || t->seg_kind[i] == CARC_SEG_CITY) && closed(b, x, y, i))
            return true;
    for (int32_t cy = y - 1; cy <= y + 1; cy++)
        for (int32_t cx = x - 1; cx <= x + 1; cx++) {
            const carc_move *c = at(b, cx, cy);
            bool monastery = false;
            for (uint32_t i = 0; c && i < cat[c->tile][c->rotation].nseg; i++)
                monastery |= cat[c->tile][c->rotation].seg_kind[i] == CARC_SEG_MONASTERY;
            uint32_t around = 0;
            for (int32_t dy = -1; monastery && dy <= 1; dy++)
                for (int32_t dx = -1; dx <= 1; dx++)
                    around += (dx || dy) && at(b, cx + dx, cy + dy);
            if (monastery && around == 8)
                return true;
        }
    return false;
}

/* ---- tiles accounted for ------------------------------------------------- */

static void check_tiles(const carc_game *g, const board *b, uint32_t modules)
{
    static uint32_t on_board[MAX_KINDS], discarded[MAX_KINDS];
    uint32_t kinds = carc_tile_kind_count(), nh = 0;
    memset(on_board, 0, sizeof on_board);
    memset(discarded, 0, sizeof discarded);
    for (uint32_t i = 0; i < b->n; i++)
        on_board[b->tile[i].tile]++;
    assert_int_equal(carc_game_history_count(&nh, g), CARC_OK);
    for (uint32_t i = 0; i < nh; i++) {
        carc_history_entry e = { .struct_size = sizeof e };
        assert_int_equal(carc_game_history(&e, g, i), CARC_OK);
        if (e.kind == CARC_HISTORY_DISCARD)
            discarded[e.move.tile]++;
    }
    for (uint32_t k = 0; k < kinds; k++) {
        uint32_t copies = 0, left = 0;
        assert_int_equal(carc_tile_copies(&copies, k, modules), CARC_OK);
        assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
        if (copies != left + on_board[k] + discarded[k])
            fail_msg("modules %#x, %s: %u copies, %u left, %u on the board, %u discarded", modules,
                     carc_tile_name(k), copies, left, on_board[k], discarded[k]);
    }
}

/* ---- the discards of one step -------------------------------------------- */

/* The tiles discarded by history entries [from, to): each had no place on
 * `before` if it came before the step's own entry (or the step had none: a
 * tile chosen and discarded), else on `after`. */
static void check_discards(const carc_game *g, uint32_t from, uint32_t to, const board *before, const board *after)
{
    bool own = false;
    for (uint32_t i = from; i < to; i++) {
        carc_history_entry e = { .struct_size = sizeof e };
        assert_int_equal(carc_game_history(&e, g, i), CARC_OK);
        if (e.kind != CARC_HISTORY_DISCARD) {
            own = true;
            continue;
        }
        const board *b = own ? after : before;
        if (placeable(b, e.move.tile))
            fail_msg("%s was discarded (history %u, %s the move) but has a place", carc_tile_name(e.move.tile), i,
                     own ? "after" : "before");
    }
}

/* ---- games ---------------------------------------------------------------- */

typedef struct tally {
    uint64_t games, moves, choices, discards, last_nothing, last_something;
} tally;

static board before, after;

/* Choose a tile at random instead of the one drawn: a River tile while the
 * engine draws River tiles, else any tile left (the rules of the draw order
 * are the property test's). */
static void random_choice(carc_game *g, uint64_t *rng, tally *t)
{
    uint32_t kinds = carc_tile_kind_count(), pick[MAX_KINDS], n = 0, cur = 0, h0 = 0, h1 = 0;
    assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
    for (uint32_t k = 0; k < kinds; k++) {
        uint32_t c = 0;
        assert_int_equal(carc_game_remaining_of(&c, g, k), CARC_OK);
        if (c && tu_is_river(k) == tu_is_river(cur))
            pick[n++] = k;
    }
    uint32_t k = pick[tu_rand(rng) % n];
    assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
    carc_status st = carc_game_choose_tile(g, k);
    if (st == CARC_EILLEGAL)
        return; /* the lake before the other River tiles */
    assert_int_equal(st, CARC_OK);
    t->choices++;
    assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
    board_read(&after, g);
    check_discards(g, h0, h1, &before, &after);
    if (h1 == h0) { /* kept: it has a place, and it is the tile to place */
        assert_true(placeable(&before, k));
        assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
        assert_int_equal(cur, k);
    }
    t->discards += h1 - h0;
}

/* With the Count and the River, every place of the spring that the set-up
 * allows (found by trying every cell and rotation around the City of
 * Carcassonne), so that the City hems the river in on some of them. */
static carc_game_options springs[64];
static uint32_t nsprings;

static void find_springs(void)
{
    uint32_t modules = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_COUNT;
    for (int32_t y = -3; y <= 3; y++)
        for (int32_t x = -4; x <= 3; x++)
            for (uint32_t r = 0; r < 4; r++) {
                carc_game_options o = tu_options(2, 1, modules);
                o.start_x = x;
                o.start_y = y;
                o.start_rotation = r;
                if (carc_game_options_check(&o, NULL, 0) == CARC_OK) {
                    assert_true(nsprings < 64);
                    springs[nsprings++] = o;
                }
            }
    assert_int_equal(nsprings, 9); /* docs/rules.md 8.2: nine places */
}

static void play_game(uint32_t players, uint32_t modules, uint64_t seed, tally *t)
{
    carc_game_options o = tu_options(players, seed, modules);
    if ((modules & CARC_MODULE_RIVER) && (modules & CARC_MODULE_COUNT)) {
        const carc_game_options *sp = &springs[seed % nsprings];
        o.start_x = sp->start_x;
        o.start_y = sp->start_y;
        o.start_rotation = sp->start_rotation;
    }
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    carc_movelist *ml = NULL, *pl = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull + modules * 131u + players;
    board_read(&before, g);
    while (!tu_over(g)) {
        carc_pending pd = { .struct_size = sizeof pd };
        assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
        board_read(&before, g);
        if (pd.decision == CARC_DECISION_PLACE && !(pd.flags & CARC_PENDING_SECOND_TILE) && tu_rand(&rng) % 8 == 0) {
            random_choice(g, &rng, t);
            if (tu_over(g))
                break;
            assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
            board_read(&before, g);
        }
        if (pd.decision == CARC_DECISION_PLACE) {
            /* the tile to place has a place, and the engine gives them all */
            assert_true(placeable(&before, pd.tile));
            check_placements(g, &before, pl, pd.tile);
            if (tu_river_left(g))
                for (uint32_t k = 0; k < carc_tile_kind_count(); k++)
                    if (tu_is_river(k))
                        check_placements(g, &before, pl, k);
        }
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        size_t n = carc_movelist_count(ml);
        assert_true(n > 0);
        carc_move m = carc_movelist_data(ml)[tu_rand(&rng) % n];
        uint32_t h0 = 0, h1 = 0, left = 0;
        assert_int_equal(carc_game_history_count(&h0, g), CARC_OK);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        t->moves++;
        assert_int_equal(carc_game_history_count(&h1, g), CARC_OK);
        board_read(&after, g);
        check_discards(g, h0, h1, &before, &after);
        check_tiles(g, &after, modules);
        tu_check_figures(g, modules);
        for (uint32_t i = h0; i < h1; i++) {
            carc_history_entry e = { .struct_size = sizeof e };
            assert_int_equal(carc_game_history(&e, g, i), CARC_OK);
            t->discards += e.kind == CARC_HISTORY_DISCARD;
        }
        if (m.kind != CARC_MOVE_PLACE)
            continue;
        /* an exit during the scoring only after a tile that completed a
         * road, a city or a monastery; after the last tile, when it
         * completed none, the final round or the end at once */
        assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
        bool done = completes(&after, m.x, m.y);
        if (pd.decision == CARC_DECISION_EXIT && !(pd.flags & CARC_PENDING_FINAL) && !done)
            fail_msg("modules %#x seed %llu: an exit during the scoring of %s (%d,%d), which completed nothing",
                     modules, (unsigned long long)seed, carc_tile_name(m.tile), m.x, m.y);
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        if (left == 0 && (modules & CARC_MODULE_COUNT)) {
            if (!done)
                assert_true(pd.decision == CARC_DECISION_NONE ||
                            (pd.decision == CARC_DECISION_EXIT && (pd.flags & CARC_PENDING_FINAL)));
            t->last_nothing += !done;
            t->last_something += done;
        }
    }
    uint32_t left = 1;
    assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
    assert_int_equal(left, 0); /* nothing unplaceable kept back */
    board_read(&after, g);
    check_tiles(g, &after, modules);
    carc_movelist_free(ml);
    carc_movelist_free(pl);
    carc_game_free(g);
    t->games++;
}

static uint32_t games_each(void)
{
    const char *env = getenv("DRAWS_GAMES");
    long n = env ? strtol(env, NULL, 10) : 4;
    return n > 0 ? (uint32_t)n : 4u;
}

/* Every module set that allows *state players (2..6), games_each() games
 * each. */
static void players_n(void **state)
{
    uint32_t players = *(const uint32_t *)*state;
    tally t = { 0 };
    uint32_t each = games_each();
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        uint32_t modules = tu_all_modules(i);
        if (players > tu_max_players(modules))
            continue;
        for (uint32_t gi = 0; gi < each; gi++)
            play_game(players, modules, 1000u * players + gi, &t);
    }
    printf("%u players: %llu games, %llu moves, %llu tiles chosen, %llu discards; the Count's last tile "
           "completed nothing %llu times, something %llu times\n",
           players, (unsigned long long)t.games, (unsigned long long)t.moves, (unsigned long long)t.choices,
           (unsigned long long)t.discards, (unsigned long long)t.last_nothing, (unsigned long long)t.last_something);
}

/* Sets of rule elements (tile.h), drawn at random from the ten elements,
 * the farmers, the River and the Count: those the library refuses are
 * refused only for a documented need, and the others play by the same
 * checks as the boxes, with 2 players and with the most they allow. */
static void element_sets(void **state)
{
    (void)state;
    const uint32_t pool = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_COUNT | 0xFFC0u; /* bits 6..15 */
    tally t = { 0 };
    uint32_t refused = 0, sets = 16 * games_each();
    uint64_t rng = 0x5EED;
    for (uint32_t i = 0; i < sets; i++) {
        uint32_t modules = (uint32_t)tu_rand(&rng) & pool;
        if (i % 4) { /* three sets in four get what their elements need */
            if (modules & (CARC_MODULE_INN | CARC_MODULE_CATHEDRAL))
                modules |= CARC_MODULE_INNS_TILES;
            if (modules & CARC_MODULE_GOODS)
                modules |= CARC_MODULE_TRADERS_TILES;
            if (modules & CARC_MODULE_PIG)
                modules |= CARC_MODULE_FARMERS;
        }
        const uint32_t e = modules;
        bool needs = ((e & (CARC_MODULE_INN | CARC_MODULE_CATHEDRAL)) && !(e & CARC_MODULE_INNS_TILES)) ||
                     ((e & CARC_MODULE_GOODS) && !(e & CARC_MODULE_TRADERS_TILES)) ||
                     ((e & CARC_MODULE_PIG) && !(e & CARC_MODULE_FARMERS));
        carc_game_options o = tu_options(2, i, modules);
        carc_status st = carc_game_options_check(&o, NULL, 0);
        if (needs) {
            assert_int_equal(st, CARC_EINVAL);
            refused++;
            continue;
        }
        assert_int_equal(st, CARC_OK);
        uint32_t most = (e & (CARC_MODULE_INNS_TILES | CARC_MODULE_BIG_FOLLOWER)) ? 6u : 5u;
        play_game(2, modules, 7000u + i, &t);
        play_game(most, modules, 9000u + i, &t);
    }
    printf("element sets: %u drawn, %u refused for a need; %llu games, %llu moves\n", sets, refused,
           (unsigned long long)t.games, (unsigned long long)t.moves);
    assert_true(t.games > 0 && refused > 0);
}

/* The checks themselves can fail: a brute force that forgot the U-turn rule
 * would accept a bend the engine refuses. */
static void brute_force_sees_the_u_turn(void **state)
{
    (void)state;
    carc_game_options o = tu_options(2, 7, CARC_MODULE_FARMERS | CARC_MODULE_RIVER);
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    board_read(&before, g);
    assert_true(before.river_open);
    assert_int_equal(before.last_bend, BEND_NONE);
    /* the first bend turns either way; after it, the same way no more */
    uint32_t bend = tu_tile("RE");
    assert_int_equal(carc_game_choose_tile(g, bend), CARC_OK);
    carc_movelist *pl = NULL;
    assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
    check_placements(g, &before, pl, bend);
    assert_int_equal(carc_movelist_count(pl), 2);
    carc_move m = carc_movelist_data(pl)[0];
    assert_int_equal(carc_game_play(g, &m), CARC_OK);
    board_read(&after, g);
    assert_int_not_equal(after.last_bend, BEND_NONE);
    for (const char *const *name = (const char *const[]){ "RG", "RI", "RJ", NULL }; *name; name++) {
        uint32_t k = tu_tile(*name);
        check_placements(g, &after, pl, k);
        /* one way only: the placements that bend the same way are refused */
        size_t n = carc_movelist_count(pl);
        after.last_bend = after.last_bend == BEND_LEFT ? BEND_RIGHT : BEND_LEFT;
        static xyr flipped[64];
        size_t nf = brute_placements(&after, k, flipped, 64);
        after.last_bend = after.last_bend == BEND_LEFT ? BEND_RIGHT : BEND_LEFT;
        assert_int_equal(n, 1);
        assert_int_equal(nf, 1);
        assert_true(flipped[0].r != carc_movelist_data(pl)[0].rotation);
    }
    carc_movelist_free(pl);
    carc_game_free(g);
}

int main(void)
{
    static uint32_t PLAYERS[] = { 2, 3, 4, 5, 6 }; /* non-const: cmocka takes a void * */
    catalogue_load();
    find_springs();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(brute_force_sees_the_u_turn),
        cmocka_unit_test(element_sets),
        cmocka_unit_test_prestate(players_n, &PLAYERS[0]),
        cmocka_unit_test_prestate(players_n, &PLAYERS[1]),
        cmocka_unit_test_prestate(players_n, &PLAYERS[2]),
        cmocka_unit_test_prestate(players_n, &PLAYERS[3]),
        cmocka_unit_test_prestate(players_n, &PLAYERS[4]),
    };
    if (getenv("ENGINE_FILTER") != NULL)
        cmocka_set_test_filter(getenv("ENGINE_FILTER"));
    return cmocka_run_group_tests_name("engine.draws", tests, NULL, NULL);
}
