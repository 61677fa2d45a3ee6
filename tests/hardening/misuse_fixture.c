/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse: the fixture (the tile games every entry runs over; the
 * Dice Games are built in misuse_dice.c), the helpers the areas share, and
 * the checks shared by the tile game and the Dice Game (see misuse.h).
 */
#include "misuse.h"

const char *const game_names[G_COUNT] = {
    "fresh", "mid", "pending", "nosupply", "over", "ended", "nofarm", "noundo", "river", "abbot", "inns", "nobig",
    "traders", "second", "all", "coc-quarter", "coc-count", "coc-exit", "coc-final", "coc-river"
};

/* ------------------------------------------------------------ the tile game as a misuse_kind */

static void *tile_game_of(fx *f, int i) { return f->g[i]; }
static char *tile_fingerprint(const void *g, unsigned flags) { return hz_fingerprint(g, flags); }
static const char *tile_last_error(const void *g) { return carc_game_last_error(g); }
static carc_status tile_save(char *b, size_t c, size_t *n, const void *g) { return carc_game_save(b, c, n, g); }
static void tile_free(void *g) { carc_game_free(g); }
static carc_status tile_undo(void *g) { return carc_game_undo(g); }
static carc_status tile_can_undo(bool *out, const void *g) { return carc_game_can_undo(out, g); }

static carc_status tile_clone(void **out, const void *g, uint32_t flags)
{
    return carc_game_clone((carc_game **)out, g, flags);
}

static carc_status tile_load(void **out, const char *data, size_t len, const carc_allocator *a, carc_load_error *err)
{
    return carc_game_load((carc_game **)out, data, len, a, err);
}

const misuse_kind misuse_tile_game = { "game",     G_COUNT,    G_MID,     tile_game_of, game_names,    tile_fingerprint,
                                       tile_last_error, tile_save, tile_load, tile_free, tile_clone, tile_undo,
                                       tile_can_undo };

/* ------------------------------------------------------------ tile game helpers */

carc_game *new_game(fx *f, uint32_t players, uint64_t seed, uint32_t modules)
{
    carc_game_options o;
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    o.players = players;
    o.seed = seed;
    o.modules = modules;
    o.allocator = &f->a;
    hz_coc_spring(&o, (unsigned)seed); /* the Count with the River: the spring beside the city */
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    return g;
}

carc_pending pending_now(const carc_game *g)
{
    carc_pending pd = SIZED(carc_pending);
    assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
    return pd;
}

void expect_pending(const carc_game *g, uint32_t decision, uint32_t player, uint32_t flags)
{
    carc_pending pd = pending_now(g);
    assert_int_equal(pd.decision, decision);
    assert_int_equal(pd.player, player);
    assert_int_equal(pd.flags, flags);
    assert_int_equal(pd.tile, 0);
    assert_int_equal(pd.part, 1);
}

carc_move legal_move(fx *f, carc_game *g, size_t pick)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    size_t n = carc_movelist_count(f->list);
    assert_true(n > 0);
    return carc_movelist_data(f->list)[pick % n];
}

/* A legal place move (never the pass that declines an optional decision). */
carc_move legal_place(fx *f, carc_game *g, size_t pick)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    const carc_move *d = carc_movelist_data(f->list);
    size_t n = carc_movelist_count(f->list);
    for (size_t k = 0; k < n; k++)
        if (d[(pick + k) % n].kind == CARC_MOVE_PLACE)
            return d[(pick + k) % n];
    fail_msg("no place move listed");
    return d[0];
}

/* A legal placement of the current tile (no figure) with a follower option. */
bool placement_with_figure(fx *f, carc_game *g, carc_move *out)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    const carc_move *d = carc_movelist_data(f->list);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++)
        if (d[i].figure == CARC_FIGURE_FOLLOWER) {
            *out = d[i];
            return true;
        }
    return false;
}

/* The move of `text` (move notation) with its tile chosen first: the
 * scripts replay the rule scenarios of tests/scenarios/. */
carc_move text_move(carc_game *g, const char *text)
{
    carc_move m;
    if (carc_move_parse(&m, text) != CARC_OK)
        fail_msg("cannot parse \"%s\"", text);
    if (m.kind == CARC_MOVE_PLACE && carc_game_choose_tile(g, m.tile) != CARC_OK)
        fail_msg("cannot choose the tile of \"%s\": %s", text, carc_game_last_error(g));
    return m;
}

void play_text(carc_game *g, const char *text)
{
    carc_move m = text_move(g, text);
    if (carc_game_play(g, &m) != CARC_OK)
        fail_msg("\"%s\" refused: %s", text, carc_game_last_error(g));
}

void play_script(carc_game *g, const char *const *script, size_t n)
{
    for (size_t i = 0; i < n; i++)
        play_text(g, script[i]);
}

/* Play n moves of random games, preferring the figures of `order`, the first
 * found from a random place in the legal moves (only place moves if
 * `place_only`); with none of them, the random move, or (`need`) the first
 * move without a figure from there. */
static void play_preferring(fx *f, carc_game *g, unsigned n, uint64_t seed, const uint8_t *order, size_t norder,
                            bool place_only, bool need)
{
    uint64_t r = seed;
    for (unsigned i = 0; i < n && !hz_over(g); i++) {
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        const carc_move *d = carc_movelist_data(f->list);
        size_t cnt = carc_movelist_count(f->list), pick = hz_rand(&r) % cnt, best = cnt;
        for (size_t o = 0; o < norder && best == cnt; o++)
            for (size_t k = 0; k < cnt; k++) {
                const carc_move *c = &d[(pick + k) % cnt];
                if (c->figure == order[o] && (!place_only || c->kind == CARC_MOVE_PLACE)) {
                    best = (pick + k) % cnt;
                    break;
                }
            }
        if (need)
            assert_true(best < cnt);
        assert_int_equal(carc_game_play(g, &d[best < cnt ? best : pick]), CARC_OK);
    }
}

/* Play n moves, preferring moves that place a follower (so figures are out). */
void play_moves(fx *f, carc_game *g, unsigned n, uint64_t seed)
{
    static const uint8_t order[] = { CARC_FIGURE_FOLLOWER };
    play_preferring(f, g, n, seed, order, COUNT_OF(order), false, false);
}

/* Play n moves, preferring the builder, then the pig, then a follower (so
 * that builders and pigs are out). */
void play_traders(fx *f, carc_game *g, unsigned n, uint64_t seed)
{
    static const uint8_t order[] = { CARC_FIGURE_BUILDER, CARC_FIGURE_PIG, CARC_FIGURE_FOLLOWER };
    play_preferring(f, g, n, seed, order, COUNT_OF(order), true, false);
}

/* Play n moves with a follower where there is one, never the big follower
 * or the abbot (so both stay in supply). */
static void play_keeping_specials(fx *f, carc_game *g, unsigned n, uint64_t seed)
{
    static const uint8_t order[] = { CARC_FIGURE_FOLLOWER, CARC_FIGURE_NONE };
    play_preferring(f, g, n, seed, order, COUNT_OF(order), false, true);
}

uint32_t kind_of(const char *name)
{
    uint32_t k = 0;
    assert_int_equal(carc_tile_find(&k, name), CARC_OK);
    return k;
}

uint32_t seg_kind_of(uint32_t tile, uint32_t rot, uint32_t seg)
{
    carc_segment_info si = SIZED(carc_segment_info);
    assert_int_equal(carc_tile_segment(&si, tile, rot, seg), CARC_OK);
    return si.kind;
}

uint32_t segment_of_kind(uint32_t kind, uint32_t rot, uint32_t seg_kind)
{
    uint32_t nseg = 0;
    assert_int_equal(carc_tile_segment_count(&nseg, kind), CARC_OK);
    for (uint32_t i = 0; i < nseg; i++)
        if (seg_kind_of(kind, rot, i) == seg_kind)
            return i;
    return UINT32_MAX;
}

carc_figure_info figure_info(const carc_game *g, uint32_t i)
{
    carc_figure_info fi = SIZED(carc_figure_info);
    assert_int_equal(carc_game_figure(&fi, g, i), CARC_OK);
    return fi;
}

carc_move pass_move(void)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_PASS;
    m.segment = CARC_NO_SEGMENT;
    return m;
}

carc_move place_move(int32_t x, int32_t y, uint32_t tile, uint8_t rotation, uint8_t figure, uint8_t segment)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.x = x;
    m.y = y;
    m.tile = (uint16_t)tile;
    m.rotation = rotation;
    m.figure = figure;
    m.segment = segment;
    m.kind = CARC_MOVE_PLACE;
    return m;
}

void refuse(fx *f, carc_game *g, const carc_move *m, carc_status want, const char *why, int line)
{
    carc_status chk = carc_game_check_move(g, m);
    if (chk != want)
        fail_msg("line %d: check_move gave %s, expected %s", line, carc_status_name(chk), carc_status_name(want));
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++)
        if (memcmp(&carc_movelist_data(f->list)[i], m, sizeof *m) == 0)
            fail_msg("line %d: a refused move is listed", line);
    REJECT(g, want, carc_game_play(g, m));
    if (why && strstr(carc_game_last_error(g), why) == NULL)
        fail_msg("line %d: last error \"%s\" does not say \"%s\"", line, carc_game_last_error(g), why);
}

void refuse_text(fx *f, carc_game *g, const char *text, carc_status want, const char *why, int line)
{
    carc_move m = text_move(g, text);
    refuse(f, g, &m, want, why, line);
}

/* The Count's scenarios (tests/scenarios/count-trigger.scn and
 * count-final.scn): after move 3 of count-trigger, player 0 scored nothing
 * and player 1 did: player 0 may put a follower into a quarter. */
const char *const COC_TRIGGER[3] = { "B 2 0 0 -", "U 0 2 0 road:N", "A 0 3 180 -" };
/* count-final to its 4th move: player 1 closes player 0's city CO/12 + F +
 * E; player 0 (castle follower, the Count on the market) may move out onto
 * it before it scores. */
const char *const COC_FINAL[6] = { "F 2 1 0 city:E", "U 0 2 0 road:N", "A 0 3 180 -", "quarter castle",
                                   "count market", "E 3 1 270 -" };
/* ... and on to the early end (the big follower into the castle instead,
 * with Inns & Cathedrals): the final round, player 1 first. */
const char *const COC_FINAL_END[14] = { "F 2 1 0 city:E", "U 0 2 0 road:N", "A 0 3 180 -", "quarter big/castle",
                                        "count market", "E 3 1 270 -", "pass", "quarter cathedral", "pass",
                                        "U 1 -2 0 road:S", "A 1 -3 0 -", "quarter market", "pass",
                                        "B -1 2 0 cloister" };

/* ------------------------------------------------------------ the fixture */

/* Decline the Count's decisions (the last listed move is the pass) until a
 * place move is pending (or the game is over). */
static void pass_to_place(fx *f, carc_game *g)
{
    for (unsigned i = 0; i < 100 && !hz_over(g) && pending_now(g).decision != CARC_DECISION_PLACE; i++) {
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        size_t n = carc_movelist_count(f->list);
        assert_int_equal(carc_movelist_data(f->list)[n - 1].kind, CARC_MOVE_PASS);
        assert_int_equal(carc_game_play(g, &carc_movelist_data(f->list)[n - 1]), CARC_OK);
    }
    assert_true(hz_over(g) || pending_now(g).decision == CARC_DECISION_PLACE);
}

/* Which players have their big follower on the board (a mask). */
static uint32_t bigs_out(carc_game *g)
{
    uint32_t players = 0, mask = 0, u = 0;
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    for (uint32_t p = 0; p < players; p++) {
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BIG), CARC_OK);
        mask |= u ? 0u : 1u << p;
    }
    return mask;
}

/* Whether figure kind `figure` of some player is on the board. */
static bool figure_out(carc_game *g, uint32_t figure)
{
    uint32_t n = 0;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (uint32_t i = 0; i < n; i++)
        if (figure_info(g, i).figure == figure)
            return true;
    return false;
}

/* G_PENDING: a tile other than the current one, with a legal placement, chosen. */
static void choose_other(fx *f, carc_game *g)
{
    uint32_t cur, kind;
    assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
    for (kind = 0; kind < carc_tile_kind_count(); kind++) {
        uint32_t left = 0;
        carc_game_remaining_of(&left, g, kind);
        if (kind != cur && left > 0 && carc_game_placements(f->list, g, kind, 0) == CARC_OK &&
            carc_movelist_count(f->list) > 0)
            break;
    }
    assert_true(kind < carc_tile_kind_count());
    assert_int_equal(carc_game_choose_tile(g, kind), CARC_OK);
}

/* G_NOSUPPLY: followers on fields (they never come back) until the player to move has none left. */
static void use_up_followers(fx *f, carc_game *g)
{
    for (unsigned i = 0;; i++) {
        uint32_t p, s;
        assert_true(i < 60);
        assert_false(hz_over(g));
        assert_int_equal(carc_game_current_player(&p, g), CARC_OK);
        assert_int_equal(carc_game_supply(&s, g, p), CARC_OK);
        if (s == 0)
            break;
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        const carc_move *d = carc_movelist_data(f->list);
        size_t cnt = carc_movelist_count(f->list), pick = cnt - 1;
        for (size_t k = 0; k < cnt; k++) {
            carc_segment_info si = SIZED(carc_segment_info);
            if (d[k].figure == CARC_FIGURE_FOLLOWER &&
                carc_tile_segment(&si, d[k].tile, d[k].rotation, d[k].segment) == CARC_OK &&
                si.kind == CARC_SEG_FIELD) {
                pick = k;
                break;
            }
        }
        assert_int_equal(carc_game_play(g, &d[pick]), CARC_OK);
    }
}

static void is_over(fx *f, carc_game *g)
{
    (void)f;
    assert_true(hz_over(g));
}

static void end_early(fx *f, carc_game *g)
{
    (void)f;
    assert_int_equal(carc_game_end(g), CARC_OK);
}

/* G_NOUNDO: a tile chosen (the current one). */
static void choose_current(fx *f, carc_game *g)
{
    uint32_t cur = 0;
    (void)f;
    assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
    assert_int_equal(carc_game_choose_tile(g, cur), CARC_OK);
}

/* G_ABBOT: both players put their abbot on a monastery (B), then play on
 * without figures; player 0 is to move, with the abbot on the board. */
static void abbots_out(fx *f, carc_game *g)
{
    for (int i = 0; i < 4; i++) {
        if (i < 2) {
            assert_int_equal(carc_game_choose_tile(g, kind_of("B")), CARC_OK);
            assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            const carc_move *d = carc_movelist_data(f->list);
            size_t k = 0, cnt = carc_movelist_count(f->list);
            while (k < cnt && !(d[k].figure == CARC_FIGURE_ABBOT && d[k].segment != CARC_SEGMENT_RECALL))
                k++;
            assert_true(k < cnt);
            assert_int_equal(carc_game_play(g, &d[k]), CARC_OK);
        } else {
            carc_move m = legal_move(f, g, 0); /* the first placement, no figure */
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
        }
    }
    uint32_t cur = 9, ab = 9;
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&ab, g, cur, CARC_FIGURE_ABBOT), CARC_OK);
    assert_int_equal(ab, 0);
}

static void no_big_out(fx *f, carc_game *g)
{
    (void)f;
    assert_int_equal(bigs_out(g), 0);
}

/* G_NOBIG: each player puts the big follower down where it stays (no
 * feature of a big follower scores) in the first round; player 0 is to move. */
static void bigs_stay_out(fx *f, carc_game *g)
{
    for (int i = 0; i < 3; i++) {
        uint32_t cur = 0, before = bigs_out(g);
        bool placed = false;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
        size_t cnt = carc_movelist_count(f->list);
        for (size_t k = 0; k < cnt && !placed; k++) {
            carc_move m = carc_movelist_data(f->list)[k];
            if (m.figure != CARC_FIGURE_BIG)
                continue;
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            placed = bigs_out(g) == (before | 1u << cur);
            if (!placed) {
                assert_int_equal(carc_game_undo(g), CARC_OK);
                assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
            }
        }
        if (!placed)
            fail_msg("no place for player %u's big follower", cur);
    }
    uint32_t cur = 9;
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(cur, 0);
    assert_int_equal(bigs_out(g), 7u);
}

static void builders_and_pigs_out(fx *f, carc_game *g)
{
    (void)f;
    assert_true(figure_out(g, CARC_FIGURE_BUILDER));
    assert_true(figure_out(g, CARC_FIGURE_PIG));
}

/* G_SECOND: the builder's double turn (tests/scenarios/traders-double-turn-completing.scn):
 * player 0's tile completes the road of his builder; his optional second tile is pending. */
static void second_tile_pending(fx *f, carc_game *g)
{
    static const char *const script[] = { "U 1 0 90 road:E", "W -1 0 0 -", "V 2 0 0 builder/road:W", "B 0 1 0 -",
                                          "W 2 1 180 -" };
    (void)f;
    play_script(g, script, COUNT_OF(script));
    carc_pending pd = pending_now(g);
    assert_int_equal(pd.decision, CARC_DECISION_PLACE);
    assert_int_equal(pd.player, 0);
    assert_int_equal(pd.part, 2);
    assert_int_equal(pd.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
}

static void place_pending(fx *f, carc_game *g)
{
    pass_to_place(f, g);
    assert_false(hz_over(g));
}

/* The Count's decisions (see COC_TRIGGER, COC_FINAL). */
static void coc_quarter(fx *f, carc_game *g)
{
    (void)f;
    play_script(g, COC_TRIGGER, COUNT_OF(COC_TRIGGER));
    expect_pending(g, CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL);
}

static void coc_count(fx *f, carc_game *g)
{
    (void)f;
    play_script(g, COC_TRIGGER, COUNT_OF(COC_TRIGGER));
    play_text(g, "quarter castle");
    expect_pending(g, CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL);
}

static void coc_exit(fx *f, carc_game *g)
{
    (void)f;
    play_script(g, COC_FINAL, COUNT_OF(COC_FINAL));
    expect_pending(g, CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL);
}

static void coc_final(fx *f, carc_game *g)
{
    (void)f;
    play_script(g, COC_FINAL_END, COUNT_OF(COC_FINAL_END));
    assert_int_equal(carc_game_end(g), CARC_OK);
    expect_pending(g, CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL);
}


/* One row a game: its options, then `moves` moves by `play` (seeded with
 * `play_seed`), then `then`. */
static const struct fixture_game {
    int id;
    uint32_t players;
    uint64_t seed;
    uint32_t modules, flags;
    void (*play)(fx *f, carc_game *g, unsigned n, uint64_t seed);
    unsigned moves;
    uint64_t play_seed;
    void (*then)(fx *f, carc_game *g);
} FIXTURE[G_COUNT] = {
    { G_FRESH, 2, 7, F, 0, NULL, 0, 0, NULL },
    { G_MID, 3, 11, F, 0, play_moves, 20, 3, NULL },
    { G_PENDING, 2, 12, F, 0, play_moves, 5, 4, choose_other },
    { G_NOSUPPLY, 2, 21, F, 0, NULL, 0, 0, use_up_followers },
    { G_OVER, 4, 5, F, 0, play_moves, 1000, 6, is_over },
    { G_ENDED, 2, 8, F, 0, play_moves, 6, 7, end_early },
    { G_NOFARM, 5, 9, 0, 0, play_moves, 10, 8, NULL },
    { G_NOUNDO, 3, 13, F, CARC_GAME_NO_UNDO, play_moves, 12, 9, choose_current },
    /* three River moves in: River tiles (the lake among them) are still to be drawn */
    { G_RIVER, 3, 31, F | RV | AB, 0, play_moves, 3, 5, NULL },
    { G_ABBOT, 2, 41, F | AB, 0, NULL, 0, 0, abbots_out },
    /* past the River, followers out, every big follower and abbot in supply */
    { G_INNS, 6, 51, F | RV | AB | IN, 0, play_keeping_specials, 16, 10, no_big_out },
    { G_NOBIG, 3, 61, IN, 0, NULL, 0, 0, bigs_stay_out },
    /* builders and pigs out (preferred wherever they may go) */
    { G_TRADERS, 3, 71, F | TR, 0, play_traders, 18, 11, builders_and_pigs_out },
    { G_SECOND, 2, 81, F | TR, 0, NULL, 0, 0, second_tile_pending },
    /* past the River (the spring beside the City of Carcassonne), a place move pending */
    { G_ALL, 6, 91, F | RV | AB | IN | TR | CO, 0, play_traders, 20, 12, place_pending },
    { G_COC_QUARTER, 2, 101, F | CO, 0, NULL, 0, 0, coc_quarter },
    { G_COC_COUNT, 2, 102, F | CO, 0, NULL, 0, 0, coc_count },
    { G_COC_EXIT, 2, 103, F | CO, 0, NULL, 0, 0, coc_exit },
    { G_COC_FINAL, 2, 104, F | IN | CO, 0, NULL, 0, 0, coc_final },
    /* the River and the Count, farmers, the Abbot, three players: River tiles left */
    { G_COC_RIVER, 3, 105, F | RV | AB | CO, 0, play_moves, 3, 13, pass_to_place },
};

int misuse_setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->entry = *state;
    hz_alloc_init(&f->alloc);
    f->a = hz_allocator(&f->alloc);
    for (int i = 0; i < G_COUNT; i++) {
        const struct fixture_game *r = &FIXTURE[i];
        assert_int_equal(r->id, i);
        if (r->flags) {
            carc_game_options o;
            assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
            o.players = r->players;
            o.seed = r->seed;
            o.modules = r->modules;
            o.flags = r->flags;
            o.allocator = &f->a;
            assert_int_equal(carc_game_new(&f->g[i], &o), CARC_OK);
        } else {
            f->g[i] = new_game(f, r->players, r->seed, r->modules);
        }
        if (f->list == NULL)
            assert_int_equal(carc_movelist_new(&f->list, f->g[i]), CARC_OK);
        if (r->play)
            r->play(f, f->g[i], r->moves, r->play_seed);
        if (r->then)
            r->then(f, f->g[i]);
    }
    dice_fixture_setup(f);
    *state = f;
    return 0;
}

int misuse_teardown(void **state)
{
    fx *f = *state;
    dice_fixture_teardown(f);
    carc_movelist_free(f->list);
    FOR_GAMES(f, i)
        carc_game_free(f->g[i]);
    hz_assert_clean(&f->alloc);
    hz_alloc_fini(&f->alloc);
    free(f);
    return 0;
}

/* ------------------------------------------------------------ checks shared by both kinds of game */

void misuse_refusals(const misuse_kind *k, void *g, const char *game_name, const void *items, size_t n,
                     size_t stride, size_t offset, bad_call_fn call, enum misuse_refusal how)
{
    for (size_t i = 0; i < n; i++) {
        const bad_call *c = (const void *)((const char *)items + i * stride);
        const void *item = (const char *)c + offset;
        char msg[200], small[6];
        if (how == REFUSE_PLAY) {
            char *before = k->fingerprint(g, HZ_FP_NO_ERROR);
            carc_status s = call(g, item, NULL, 0);
            if (s != c->want)
                fail_msg("%s %s, %s: play gave %s, expected %s", game_name, k->name, c->what, carc_status_name(s),
                         carc_status_name(c->want));
            misuse_same(k, g, before, HZ_FP_NO_ERROR, c->what, __LINE__);
            if (k->last_error(g)[0] == '\0')
                fail_msg("%s %s, %s: no last-error text", game_name, k->name, c->what);
            continue;
        }
        memset(msg, GUARD, sizeof msg);
        char *before = how == REFUSE_MSG ? k->fingerprint(g, 0) : NULL;
        carc_status s = call(g, item, how == REFUSE_MSG ? msg : NULL, how == REFUSE_MSG ? sizeof msg : 0);
        if (s != c->want)
            fail_msg("%s %s, %s: the check gave %s, expected %s", game_name, k->name, c->what, carc_status_name(s),
                     carc_status_name(c->want));
        if (how == REFUSE_CHECK) {
            /* and it writes no last-error text (EXPECT compares it) */
            EXPECT_ON(k, g, c->want, c->want, call(g, item, NULL, 0));
            continue;
        }
        misuse_same(k, g, before, 0, c->what, __LINE__);
        if (memchr(msg, '\0', sizeof msg) == NULL || msg[0] == '\0')
            fail_msg("%s %s, %s: no reason written", game_name, k->name, c->what);
        /* the same reason cut to the buffer; nothing past it */
        memset(small, GUARD, sizeof small);
        EXPECT_ON(k, g, c->want, c->want, call(g, item, small, 4));
        check_guard(small, 4, sizeof small, "a reason cut to 4 bytes", __LINE__);
        assert_int_equal(strlen(small), strlen(msg) < 3 ? strlen(msg) : 3);
        assert_memory_equal(small, msg, strlen(small));
        EXPECT_ON(k, g, c->want, c->want, call(g, item, NULL, 0));
    }
}

void misuse_refusal_entry(fx *f, const misuse_kind *k, const misuse_wrong *w, bad_call_fn call,
                          enum misuse_refusal how)
{
    char msg[200];
    const void *wit = WITNESS(f, k);
    bool with_msg = how == REFUSE_MSG;
    unsigned char *items = malloc(w->max * w->stride);
    assert_non_null(items);
    /* no game, no item */
    memset(msg, GUARD, sizeof msg);
    EXPECT_ON(k, wit, CARC_EINVAL, CARC_EINVAL, call(NULL, w->zero, with_msg ? msg : NULL, with_msg ? sizeof msg : 0));
    if (with_msg)
        assert_string_not_equal(msg, "");
    EXPECT_ON(k, wit, CARC_EINVAL, CARC_EINVAL, call(NULL, with_msg ? w->zero : NULL, NULL, 0));
    FOR_KIND(k, i) {
        void *g = k->game(f, i);
        if (how == REFUSE_PLAY) {
            REJECT_ON(k, g, CARC_EINVAL, call(g, NULL, NULL, 0));
        } else if (how == REFUSE_CHECK) {
            EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, call(g, NULL, NULL, 0));
        } else {
            memset(msg, GUARD, sizeof msg);
            EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, call(g, w->zero, NULL, 5)); /* no buffer, a size */
            check_guard(msg, 0, sizeof msg, "a check with a NULL reason buffer", __LINE__);
            EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, call(g, NULL, msg, sizeof msg));
            assert_string_not_equal(msg, "");
            if (w->null_reason)
                assert_string_equal(msg, w->null_reason);
        }
        if (w->skipped && w->skipped(f, i))
            continue;
        size_t n = w->list(f, i, items);
        assert_true(n <= w->max);
        misuse_refusals(k, g, k->names[i], items, n, w->stride, w->offset, call, how);
    }
    free(items);
}

void misuse_ctor(fx *f, const misuse_kind *k, ctor_fn fn, const void *from)
{
    void *p = &f->alloc; /* anything but NULL */
    const void *wit = WITNESS(f, k);
    size_t live = f->alloc.live;
    EXPECT_ON(k, wit, CARC_EINVAL, CARC_EINVAL, fn(NULL, from));
    EXPECT_ON(k, wit, CARC_EINVAL, CARC_EINVAL, fn(&p, NULL));
    assert_null(p);
    assert_int_equal(f->alloc.live, live);
}

static const misuse_kind *clone_kind; /* (clone0's) */

static carc_status clone0(void **out, const void *g) { return clone_kind->clone(out, g, 0); }

void misuse_clone_flags(fx *f, const misuse_kind *k, const uint32_t *bad, size_t n)
{
    size_t live = f->alloc.live;
    clone_kind = k;
    misuse_ctor(f, k, clone0, WITNESS(f, k));
    FOR_KIND(k, i)
        for (size_t b = 0; b < n; b++) {
            void *c = &f->alloc;
            EXPECT_ON(k, k->game(f, i), CARC_EINVAL, CARC_EINVAL, k->clone(&c, k->game(f, i), bad[b]));
            assert_null(c);
        }
    assert_int_equal(f->alloc.live, live);
}

static carc_status can_undo_of(void *out, const void *g) { return clone_kind->can_undo(out, g); }

void misuse_can_undo(fx *f, const misuse_kind *k, int fresh)
{
    bool b = true;
    clone_kind = k;
    misuse_getter(f, k, can_undo_of, "can_undo");
    EXPECT_ON(k, k->game(f, fresh), CARC_OK, CARC_OK, k->can_undo(&b, k->game(f, fresh)));
    assert_false(b);
}

void misuse_undo_all(const misuse_kind *k, void *g, unsigned limit)
{
    bool can = false;
    for (unsigned steps = 0;; steps++) {
        assert_true(steps < limit);
        assert_int_equal(k->can_undo(&can, g), CARC_OK);
        if (!can)
            break;
        assert_int_equal(k->undo(g), CARC_OK);
    }
    REJECT_ON(k, g, CARC_ENO_UNDO, k->undo(g));
}

void misuse_new_refused(fx *f, const misuse_kind *k, new_fn fn, const void *o, carc_status want, const char *what)
{
    void *g = &f->alloc; /* anything but NULL */
    carc_status st = fn(&g, o);
    if (st != want)
        fail_msg("a new %s with %s: %s, expected %s", k->name, what, carc_status_name(st), carc_status_name(want));
    if (g != NULL)
        fail_msg("a new %s with %s: *out is not NULL after a failure", k->name, what);
    EXPECT_ON(k, WITNESS(f, k), want, want, fn(&g, o));
    assert_null(g);
}

void misuse_struct_getter(fx *f, const misuse_kind *k, struct_fn fn, size_t size, const char *name,
                          void (*check)(const void *out))
{
    unsigned char buf[512];
    const void *wit = WITNESS(f, k);
    assert_true(size <= sizeof buf);
    memset(buf, GUARD, sizeof buf);
    EXPECT_ON(k, wit, CARC_EINVAL, CARC_EINVAL, fn(NULL, wit));
    EXPECT_ON(k, wit, CARC_EINVAL, CARC_EINVAL, fn(buf, NULL));
    check_guard(buf, 0, sizeof buf, name, __LINE__);
    FOR_KIND(k, i) {
        EXPECT_ON(k, k->game(f, i), CARC_OK, CARC_OK, fn(buf, k->game(f, i)));
        check_guard(buf, size, sizeof buf, name, __LINE__);
        if (check)
            check(buf);
    }
}

void misuse_indexed(fx *f, const misuse_kind *k, carc_status (*fn)(void *out, const void *g, uint32_t i),
                    size_t size, carc_status (*count)(uint32_t *, const void *))
{
    unsigned char buf[256], keep[256];
    assert_true(size <= sizeof buf);
    memset(buf, GUARD, sizeof buf);
    memcpy(keep, buf, sizeof keep);
    FOR_KIND(k, i) {
        void *g = k->game(f, i);
        uint32_t n = 0;
        assert_int_equal(count(&n, g), CARC_OK);
        const uint32_t bad[] = { n, n + 0x10000u, UINT32_MAX };
        EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, fn(NULL, g, 0));
        for (size_t b = 0; b < COUNT_OF(bad); b++)
            EXPECT_ON(k, g, CARC_ERANGE, CARC_ERANGE, fn(buf, g, bad[b]));
    }
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(buf, NULL, 0));
    assert_memory_equal(buf, keep, sizeof buf); /* untouched by the failures */
}

void misuse_struct_sizes(const misuse_kind *k, const void *g, sized_fn fn, const void *arg, size_t size,
                         const char *name, bool valid)
{
    unsigned char buf[256];
    assert_true(size + 64 <= sizeof buf);
    for (uint32_t sz = 0; sz < sizeof(uint32_t); sz++) {
        sized_buf(buf, sizeof buf, sz);
        EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, fn(buf, g, arg));
        check_guard(buf, sizeof sz, sizeof buf, name, __LINE__);
    }
    if (!valid)
        return;
    /* struct_size 4 (a caller that knows only it): nothing else written; a
     * newer, larger struct: only what this library knows */
    const uint32_t sizes[][2] = { { sizeof(uint32_t), sizeof(uint32_t) }, { sizeof buf, (uint32_t)size } };
    for (size_t i = 0; i < COUNT_OF(sizes); i++) {
        uint32_t sz = sizes[i][0];
        sized_buf(buf, sizeof buf, sz);
        EXPECT_ON(k, g, CARC_OK, CARC_OK, fn(buf, g, arg));
        memcpy(&sz, buf, sizeof sz);
        assert_int_equal(sz, sizes[i][1]);
        check_guard(buf, sizes[i][1], sizeof buf, name, __LINE__);
    }
}

static carc_status growable_at(void *buf, const void *g, const void *arg)
{
    const struct {
        indexed_fn fn;
        uint32_t i;
    } *a = arg;
    return a->fn(buf, g, a->i);
}

void misuse_getter(fx *f, const misuse_kind *k, get_fn fn, const char *name)
{
    uint64_t out = 777; /* room for any out type; untouched */
    FOR_KIND(k, i) {
        void *g = k->game(f, i);
        if (fn(NULL, g) != CARC_EINVAL)
            fail_msg("%s(NULL, %s %s) did not return CARC_EINVAL", name, k->names[i], k->name);
        EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, fn(NULL, g));
    }
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(&out, NULL));
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(NULL, NULL));
    assert_true(out == 777);
}

static carc_status tile_players(uint32_t *out, const void *g) { return carc_game_players(out, g); }
static carc_status dice_players(uint32_t *out, const void *g) { return carc_dice_game_players(out, g); }

uint32_t misuse_players(const misuse_kind *k, const void *g)
{
    uint32_t n = 0;
    assert_int_equal((k == &misuse_tile_game ? tile_players : dice_players)(&n, g), CARC_OK);
    return n;
}

size_t bad_players(uint32_t players, uint32_t out[8])
{
    size_t n = 0;
    out[n++] = players;
    if (players < 5)
        out[n++] = 5;
    if (players < 6)
        out[n++] = 6; /* never a 7th player */
    out[n++] = 7;
    out[n++] = 0x100u;
    out[n++] = 0x10000u; /* no 16-bit aliasing */
    out[n++] = UINT32_MAX;
    return n;
}

void misuse_player_range(fx *f, const misuse_kind *k, player_fn fn, const char *name)
{
    uint64_t out = 777;
    (void)name;
    FOR_KIND(k, i) {
        void *g = k->game(f, i);
        uint32_t bad[8];
        size_t nb = bad_players(misuse_players(k, g), bad);
        EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, fn(NULL, g, 0));
        for (size_t b = 0; b < nb; b++)
            EXPECT_ON(k, g, CARC_ERANGE, CARC_ERANGE, fn(&out, g, bad[b]));
    }
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(&out, NULL, 0));
    assert_true(out == 777);
}

void misuse_bounds(fx *f, const misuse_kind *k, bounds_fn fn)
{
    int32_t v[4] = { 7, 7, 7, 7 };
    /* each out-pointer NULL, and all of them */
    static const unsigned nulls[] = { 1, 2, 4, 8, 15 };
    FOR_KIND(k, i) {
        void *g = k->game(f, i);
        for (size_t n = 0; n < COUNT_OF(nulls); n++)
            EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL,
                      fn(nulls[n] & 1 ? NULL : &v[0], nulls[n] & 2 ? NULL : &v[1], nulls[n] & 4 ? NULL : &v[2],
                         nulls[n] & 8 ? NULL : &v[3], g));
    }
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(&v[0], &v[1], &v[2], &v[3], NULL));
    assert_true(v[0] == 7 && v[1] == 7 && v[2] == 7 && v[3] == 7);
}

void misuse_growable(fx *f, const misuse_kind *k, indexed_fn fn, size_t size, const char *name,
                     carc_status (*count)(uint32_t *, const void *), uint32_t fixed_count, carc_status bad_index)
{
    unsigned char buf[256];
    assert_true(size + 64 <= sizeof buf);
    FOR_KIND(k, i) {
        void *g = k->game(f, i);
        uint32_t n = fixed_count;
        if (count != NULL)
            assert_int_equal(count(&n, g), CARC_OK);
        EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, fn(NULL, g, 0));
        const uint32_t bad[] = { n, n + 1, n < 0x100u ? 0x100u : n + 0x100u, n + 0x10000u, UINT32_MAX };
        for (size_t b = 0; b < COUNT_OF(bad); b++) {
            sized_buf(buf, sizeof buf, (uint32_t)sizeof buf);
            EXPECT_ON(k, g, bad_index, bad_index, fn(buf, g, bad[b]));
            check_guard(buf, sizeof(uint32_t), sizeof buf, name, __LINE__);
        }
        /* the sizes, at the first and the last index (with none, the bad sizes alone) */
        for (uint32_t j = 0; j < 2; j++) {
            const struct {
                indexed_fn fn;
                uint32_t i;
            } arg = { fn, j ? n - 1 : 0 };
            if (j == 0 || n > 0)
                misuse_struct_sizes(k, g, growable_at, &arg, size, name, n > 0);
        }
    }
    sized_buf(buf, sizeof buf, (uint32_t)size);
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(buf, NULL, 0));
}

void misuse_version_init(fx *f, const misuse_kind *k, init_fn fn, size_t size, uint32_t version, const char *name)
{
    unsigned char buf[512];
    const uint32_t bad[] = { 0, version + 1, 0x100u + version, UINT32_MAX };
    assert_true(size <= sizeof buf);
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(NULL, version));
    for (size_t i = 0; i < COUNT_OF(bad); i++) {
        memset(buf, GUARD, sizeof buf);
        EXPECT_ON(k, WITNESS(f, k), CARC_EVERSION, CARC_EVERSION, fn(buf, bad[i]));
        check_guard(buf, 0, sizeof buf, name, __LINE__);
    }
}

void misuse_parse(fx *f, const misuse_kind *k, parse_fn fn, size_t size, const char *good, const char *const *bad,
                  size_t n, const char *long_chars, const char *name)
{
    unsigned char out[256], keep[256];
    const void *w = WITNESS(f, k);
    assert_true(size <= sizeof out);
    memset(out, GUARD, sizeof out);
    memcpy(keep, out, sizeof keep);
    EXPECT_ON(k, w, CARC_EINVAL, CARC_EINVAL, fn(NULL, good));
    EXPECT_ON(k, w, CARC_EINVAL, CARC_EINVAL, fn(out, NULL));
    EXPECT_ON(k, w, CARC_EINVAL, CARC_EINVAL, fn(NULL, NULL));
    for (size_t i = 0; i < n; i++) {
        carc_status st = fn(out, bad[i]);
        if (st != CARC_EPARSE)
            fail_msg("%s(\"%s\") gave %s, expected CARC_EPARSE", name, bad[i], carc_status_name(st));
        EXPECT_ON(k, w, CARC_EPARSE, CARC_EPARSE, fn(out, bad[i]));
    }
    /* very long texts of one character */
    for (const char *c = long_chars; *c; c++) {
        char big[5000];
        memset(big, *c, sizeof big - 1);
        big[sizeof big - 1] = '\0';
        EXPECT_ON(k, w, CARC_EPARSE, CARC_EPARSE, fn(out, big));
    }
    assert_memory_equal(out, keep, sizeof out); /* untouched by the failures */
}

void misuse_writer(fx *f, const misuse_kind *k, writer_fn fn, const char *name, size_t step)
{
    size_t need = 0, n2 = 0;
    char small[8];
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(small, sizeof small, &need, NULL));
    EXPECT_ON(k, WITNESS(f, k), CARC_EINVAL, CARC_EINVAL, fn(NULL, 0, &need, NULL));
    FOR_KIND(k, i) {
        void *g = k->game(f, i);
        EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, fn(NULL, 1, &need, g));
        EXPECT_ON(k, g, CARC_EINVAL, CARC_EINVAL, fn(NULL, SIZE_MAX, &need, g));
        need = 0;
        EXPECT_ON(k, g, CARC_EBUFFER, CARC_EBUFFER, fn(NULL, 0, &need, g));
        EXPECT_ON(k, g, CARC_EBUFFER, CARC_EBUFFER, fn(NULL, 0, NULL, g));
        assert_true(need > 0);
        char *buf = malloc(need + 64);
        assert_non_null(buf);
        size_t stride = need / step + 1;
        for (size_t cap = 1; cap <= need; cap += cap < 64 || cap + 3 > need ? 1 : stride) {
            memset(buf, GUARD, need + 64);
            n2 = 0;
            carc_status s = fn(buf, cap, &n2, g);
            if (s != CARC_EBUFFER || n2 != need)
                fail_msg("%s, %s %s, cap %zu of %zu: %s, needed %zu", name, k->names[i], k->name, cap, need,
                         carc_status_name(s), n2);
            if (buf[cap - 1] != '\0' && memchr(buf, '\0', cap) == NULL)
                fail_msg("%s, cap %zu: not NUL-terminated", name, cap);
            check_guard(buf, cap, need + 64, name, __LINE__);
        }
        memset(buf, GUARD, need + 64);
        EXPECT_ON(k, g, CARC_OK, CARC_OK, fn(buf, need + 1, &n2, g));
        assert_int_equal(n2, need);
        assert_int_equal(strlen(buf), need);
        check_guard(buf, need + 1, need + 64, name, __LINE__);
        free(buf);
    }
}

char *misuse_save(const misuse_kind *k, const void *g)
{
    size_t need = 0, again = 0;
    assert_int_equal(k->save(NULL, 0, &need, g), CARC_EBUFFER);
    char *rec = malloc(need + 1);
    assert_non_null(rec);
    assert_int_equal(k->save(rec, need + 1, &again, g), CARC_OK);
    assert_int_equal(again, need);
    assert_int_equal(strlen(rec), need);
    return rec;
}

void misuse_alike(const misuse_kind *k, const void *a, const void *b, unsigned flags)
{
    char *x = k->fingerprint(a, flags), *y = k->fingerprint(b, flags);
    assert_string_equal(x, y);
    free(x);
    free(y);
}

void misuse_reloads(fx *f, const misuse_kind *k, const void *g, unsigned flags)
{
    char *rec = misuse_save(k, g);
    void *l = NULL;
    carc_load_error err = SIZED(carc_load_error);
    if (k->load(&l, rec, strlen(rec), &f->a, &err) != CARC_OK)
        fail_msg("a %s's record does not load: %s", k->name, err.message);
    misuse_alike(k, g, l, flags);
    free(rec);
    k->free(l);
}

carc_status misuse_load_fails(fx *f, const misuse_kind *k, const char *data, size_t len, carc_status want, int line)
{
    void *g = &f->alloc; /* anything but NULL */
    carc_load_error err;
    size_t live = f->alloc.live;
    memset(&err, GUARD, sizeof err);
    err.struct_size = sizeof err;
    carc_status s = k->load(&g, data, len, &f->a, &err);
    if (s == CARC_OK) {
        k->free(g);
        fail_msg("line %d: a bad %s record loaded", line, k->name);
    }
    if (want != CARC_OK && s != want)
        fail_msg("line %d: the load gave %s, expected %s (%s)", line, carc_status_name(s), carc_status_name(want),
                 err.message);
    if (g != NULL)
        fail_msg("line %d: the load failed but *out is not NULL", line);
    if (err.status != (int32_t)s)
        fail_msg("line %d: err.status %d, returned %d", line, (int)err.status, (int)s);
    if (memchr(err.message, '\0', sizeof err.message) == NULL)
        fail_msg("line %d: err.message is not NUL-terminated", line);
    if (f->alloc.live != live)
        fail_msg("line %d: a failed load left %zu block(s)", line, f->alloc.live - live);
    return s;
}

void misuse_loader(fx *f, const misuse_kind *k, const char *rec, const junk_record *junk, size_t njunk,
                   const char *repl, size_t nrepl)
{
    void *g = &f->alloc;
    const void *w = WITNESS(f, k);
    carc_load_error err = SIZED(carc_load_error);
    size_t len = strlen(rec), live = f->alloc.live;

    /* NULL arguments */
    EXPECT_ON(k, w, CARC_EINVAL, CARC_EINVAL, k->load(NULL, rec, len, NULL, &err));
    assert_int_equal(err.status, CARC_EINVAL);
    EXPECT_ON(k, w, CARC_EINVAL, CARC_EINVAL, k->load(&g, NULL, 5, NULL, &err));
    assert_null(g);
    /* bad struct_size of the error detail */
    for (uint32_t sz = 0; sz < offsetof(carc_load_error, line) + sizeof err.line; sz++) {
        unsigned char buf[sizeof err + 16];
        sized_buf(buf, sizeof buf, sz);
        g = &f->alloc;
        EXPECT_ON(k, w, CARC_EINVAL, CARC_EINVAL, k->load(&g, rec, len, NULL, (carc_load_error *)(void *)buf));
        assert_null(g);
        check_guard(buf, sizeof sz, sizeof buf, "a load with a bad err struct_size", __LINE__);
    }
    /* incomplete allocators */
    for (int missing = 0; missing < 3; missing++) {
        carc_allocator half = f->a;
        if (missing == 0)
            half.free = NULL;
        else if (missing == 1)
            half.alloc = NULL;
        else
            half.realloc = NULL;
        g = &f->alloc;
        EXPECT_ON(k, w, CARC_EINVAL, CARC_EINVAL, k->load(&g, rec, len, &half, &err));
        assert_null(g);
    }
    /* not records */
    for (size_t i = 0; i < njunk; i++) {
        carc_status s = misuse_load_fails(f, k, junk[i].text, strlen(junk[i].text), CARC_OK, __LINE__);
        if (s != junk[i].want && s != junk[i].alt)
            fail_msg("loading \"%s\": %s, expected %s", junk[i].text, carc_status_name(s),
                     carc_status_name(junk[i].want));
    }
    /* every strict prefix fails, and cleanly */
    for (size_t n = 0; n < len; n++)
        misuse_load_fails(f, k, rec, n, CARC_OK /* any error */, __LINE__);
    /* every byte changed: a clean failure, or a record that round-trips */
    char *mut = malloc(len);
    assert_non_null(mut);
    for (size_t pos = 0; pos < len; pos++)
        for (size_t r = 0; r < nrepl; r++) {
            if (rec[pos] == repl[r])
                continue;
            memcpy(mut, rec, len);
            mut[pos] = repl[r];
            void *lg = NULL, *lg2 = NULL;
            if (k->load(&lg, mut, len, &f->a, NULL) != CARC_OK) {
                assert_null(lg);
                assert_int_equal(f->alloc.live, live);
                continue;
            }
            char *again = misuse_save(k, lg);
            assert_int_equal(k->load(&lg2, again, strlen(again), &f->a, NULL), CARC_OK);
            char *again2 = misuse_save(k, lg2);
            assert_string_equal(again, again2);
            free(again);
            free(again2);
            k->free(lg);
            k->free(lg2);
        }
    free(mut);
    /* the real thing loads, with the allocator, and saves the same */
    g = NULL;
    assert_int_equal(k->load(&g, rec, len, &f->a, NULL), CARC_OK);
    char *again = misuse_save(k, g);
    assert_string_equal(rec, again);
    free(again);
    k->free(g);
}

void misuse_odd_statuses(const char *(*fn)(carc_status), const char *unknown, carc_status known)
{
    static const int odd[] = { 1, -7, -99, -105, -199, -203, -302, -1000, INT_MIN, INT_MAX };
    for (size_t i = 0; i < COUNT_OF(odd); i++) {
        const char *s = fn((carc_status)odd[i]);
        assert_non_null(s);
        assert_string_equal(s, unknown);
    }
    assert_string_not_equal(fn(known), unknown);
}
