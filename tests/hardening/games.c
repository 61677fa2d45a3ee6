/* SPDX-License-Identifier: MIT */
/*
 * carc-hardening-games: seeded full games through the whole public API, for
 * memory checkers (.ci/run runs it under valgrind memcheck; ctest runs it as
 * hardening.games, which the sanitizer build checks with ASan/UBSan).
 *
 *   carc-hardening-games [GAMES [FIRST_SEED]]     default 4 games from seed 1
 *
 * Each game (every set of the implemented modules: farmers on and off, the
 * River, the Abbot, Inns & Cathedrals, Traders & Builders, the Count; seed %
 * 64 picks it; 2..5 players, 2..6 with Inns & Cathedrals; with the Count and
 * the River the spring beside the City of Carcassonne, at a place found by
 * trying carc_game_new; the Count's rule variants now and then) is played to
 * its end with random legal moves (the abbot's, the big follower's, the
 * builder's and the pig's now and then; the builder's second tile declined
 * with a pass now and then; a random answer to every decision of the Count:
 * followers into quarters, the Count's moves, moves out of the city during
 * play and in the final round, or a pass), using both ways to enumerate
 * moves, tile choices (refused while a decision of the Count is pending),
 * undo and replay, an early end taken back, clones and copies (with and
 * without history), save/load round trips, text and SVG pictures, and every
 * query. Any inconsistency is printed and the exit status is 1.
 */
#include <carcassonne/carcassonne.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "carc-hardening-games:%d: check failed: %s\n", __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)
#define OK(call) CHECK((call) == CARC_OK)

static uint64_t next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

typedef carc_status (*writer)(char *, size_t, size_t *, const carc_game *, uint32_t);

static char *text(writer fn, const carc_game *g, uint32_t flags)
{
    size_t need = 0;
    if (fn(NULL, 0, &need, g, flags) != CARC_EBUFFER)
        return NULL;
    char *buf = malloc(need + 1);
    if (buf != NULL && fn(buf, need + 1, NULL, g, flags) != CARC_OK) {
        free(buf);
        buf = NULL;
    }
    return buf;
}

static carc_status save4(char *b, size_t c, size_t *n, const carc_game *g, uint32_t flags)
{
    (void)flags;
    return carc_game_save(b, c, n, g);
}

static bool same_record(const carc_game *a, const carc_game *b)
{
    char *x = text(save4, a, 0), *y = text(save4, b, 0);
    bool same = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

/* Every query once; followers, abbots, big followers, builders and pigs are
 * conserved (followers and big followers in the City of Carcassonne
 * included); trade goods are the tokens of the events, their majorities
 * scored at the end. */
static void queries(const carc_game *g, uint32_t modules)
{
    uint32_t players = 0, n = 0, u = 0, on_board[8] = { 0 }, abbots[8] = { 0 }, bigs[8] = { 0 };
    uint32_t count = 9;
    CHECK(carc_game_count(&count, g) == ((modules & CARC_MODULE_COUNT) ? CARC_OK : CARC_EILLEGAL));
    CHECK(!(modules & CARC_MODULE_COUNT) || count < 4);
    uint32_t builders[8] = { 0 }, pigs[8] = { 0 }, tokens[8][CARC_GOOD_COUNT] = { { 0 } }, trades[CARC_GOOD_COUNT] = { 0 };
    bool traders = (modules & CARC_MODULE_TRADERS) != 0, over = false;
    OK(carc_game_is_over(&over, g));
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    OK(carc_game_pending(&pd, g));
    int32_t x0, y0, x1, y1;
    OK(carc_game_players(&players, g));
    OK(carc_game_figure_count(&n, g));
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi = { .struct_size = sizeof fi };
        carc_feature_info fe;
        uint32_t counts[8];
        OK(carc_game_figure(&fi, g, i));
        CHECK(fi.player < players);
        CHECK(fi.figure == CARC_FIGURE_FOLLOWER || fi.figure == CARC_FIGURE_ABBOT ||
              (fi.figure == CARC_FIGURE_BIG && (modules & CARC_MODULE_INNS)) ||
              (fi.figure == CARC_FIGURE_BUILDER && traders) ||
              (fi.figure == CARC_FIGURE_PIG && traders && (modules & CARC_MODULE_FARMERS)));
        if (fi.player < 8)
            (fi.figure == CARC_FIGURE_ABBOT     ? abbots
             : fi.figure == CARC_FIGURE_BIG     ? bigs
             : fi.figure == CARC_FIGURE_BUILDER ? builders
             : fi.figure == CARC_FIGURE_PIG     ? pigs
                                                : on_board)[fi.player]++;
        memset(&fe, 0, sizeof fe);
        fe.struct_size = sizeof fe;
        OK(carc_game_feature(&fe, g, fi.feature));
        OK(carc_game_feature_occupants(counts, 8, g, fi.feature));
        size_t cnt = 0;
        carc_status st = carc_game_feature_tiles(NULL, 0, &cnt, g, fi.feature);
        CHECK(st == CARC_EBUFFER && cnt >= 1);
        int32_t *xy = malloc(2 * cnt * sizeof *xy);
        if (xy != NULL)
            OK(carc_game_feature_tiles(xy, cnt, &cnt, g, fi.feature));
        free(xy);
    }
    for (uint32_t p = 0; p < players; p++) {
        int32_t sc;
        uint32_t in_city = 0, big_in_city = 0;
        for (uint32_t q = 0; q < 4; q++) {
            OK(carc_game_city(&u, g, q, p, CARC_FIGURE_FOLLOWER));
            in_city += u;
            OK(carc_game_city(&u, g, q, p, CARC_FIGURE_BIG));
            CHECK(u <= 1);
            big_in_city += u;
        }
        CHECK((modules & CARC_MODULE_COUNT) || in_city + big_in_city == 0);
        CHECK(carc_game_city(&u, g, 4, p, CARC_FIGURE_FOLLOWER) == CARC_EINVAL);
        CHECK(carc_game_city(&u, g, 0, p, CARC_FIGURE_ABBOT) == CARC_EINVAL);
        OK(carc_game_supply(&u, g, p));
        CHECK(u + on_board[p] + in_city == 7);
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_ABBOT));
        CHECK(u + abbots[p] == ((modules & CARC_MODULE_ABBOT) ? 1u : 0u));
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BIG));
        CHECK(u + bigs[p] + big_in_city == ((modules & CARC_MODULE_INNS) ? 1u : 0u));
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BUILDER));
        CHECK(u + builders[p] == (traders ? 1u : 0u));
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_PIG));
        CHECK(u + pigs[p] == (traders && (modules & CARC_MODULE_FARMERS) ? 1u : 0u));
        OK(carc_game_score(&sc, g, p));
    }
    CHECK(carc_game_city(&u, g, 0, players, CARC_FIGURE_FOLLOWER) == CARC_ERANGE);
    OK(carc_game_event_count(&n, g));
    for (uint32_t i = 0; i < n; i++) {
        carc_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        OK(carc_game_event(&e, g, i));
        if (e.kind == CARC_EVENT_GOODS || e.kind == CARC_EVENT_TRADE) {
            /* a token for the player who completed a city; 10 for a majority at the end */
            CHECK(traders && e.good < CARC_GOOD_COUNT && e.bonus == 0);
            if (e.kind == CARC_EVENT_GOODS) {
                CHECK(e.points == 0 && e.feature_kind == CARC_SEG_CITY && __builtin_popcount(e.players) == 1);
                if (e.good < CARC_GOOD_COUNT && e.players)
                    tokens[__builtin_ctz(e.players) & 7][e.good]++;
            } else {
                CHECK(over && e.points == 10 && e.segment == CARC_NO_SEGMENT);
                if (e.good < CARC_GOOD_COUNT)
                    trades[e.good] = e.players;
            }
            continue;
        }
        CHECK(e.good == 0);
        /* a pig: 4 per city for the field's majority holder who has his there, at the end */
        if (e.bonus == CARC_BONUS_PIG) {
            CHECK(traders && e.kind == CARC_EVENT_FINAL && e.feature_kind == CARC_SEG_FIELD && e.points % 4 == 0);
            continue;
        }
        /* inns and cathedrals: 2 per tile, 3 per tile and pennant, completed; 0 at the end */
        CHECK(e.bonus == 0 || (modules & CARC_MODULE_INNS));
        if (e.bonus == CARC_BONUS_INN)
            CHECK(e.feature_kind == CARC_SEG_ROAD &&
                  e.points == (e.kind == CARC_EVENT_SCORE ? 2 * (int32_t)e.tiles : 0));
        if (e.bonus == CARC_BONUS_CATHEDRAL)
            CHECK(e.feature_kind == CARC_SEG_CITY &&
                  (e.kind == CARC_EVENT_SCORE ? e.points >= 3 * (int32_t)e.tiles : e.points == 0));
    }
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        uint32_t best = 0, mask = 0;
        for (uint32_t p = 0; p < players && p < 8; p++) {
            OK(carc_game_goods(&u, g, p, k));
            CHECK(u == tokens[p][k]);
            if (u > best) {
                best = u;
                mask = 0;
            }
            if (u && u == best)
                mask |= 1u << p;
        }
        CHECK(carc_game_goods(&u, g, players, k) == CARC_ERANGE);
        if (over)
            CHECK(trades[k] == mask);
    }
    CHECK(carc_game_goods(&u, g, 0, CARC_GOOD_COUNT) == CARC_EINVAL);
    OK(carc_game_history_count(&n, g));
    for (uint32_t i = 0; i < n; i++) {
        carc_history_entry h;
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        OK(carc_game_history(&h, g, i));
    }
    OK(carc_game_tile_count(&n, g));
    for (uint32_t i = 0; i < n; i++) {
        carc_move t, at;
        uint32_t nseg = 0, fid;
        OK(carc_game_tile(&t, g, i));
        OK(carc_game_tile_at(&at, g, t.x, t.y));
        CHECK(memcmp(&t, &at, sizeof t) == 0);
        OK(carc_tile_segment_count(&nseg, t.tile));
        for (uint32_t s = 0; s < nseg; s++)
            OK(carc_game_feature_at(&fid, g, t.x, t.y, s));
    }
    OK(carc_game_bounds(&x0, &y0, &x1, &y1, g));
    OK(carc_game_leaders(&u, g));
    OK(carc_game_remaining(&u, g));
}

/* The Count with the River: the spring's place beside the City of
 * Carcassonne, given (the default place is one of them). The places
 * carc_game_new accepts (every cell around the city's block, every rotation,
 * tried once), then the pick-th of them. */
static bool spring_place(carc_game_options *o, uint64_t pick)
{
    static int32_t places[64][3];
    static unsigned n = 0;
    static bool tried = false;
    if (!tried) {
        carc_game_options t = *o;
        tried = true;
        if (carc_tile_find(&t.start_tile, "RA") != CARC_OK)
            return false;
        t.players = 2;
        for (int32_t y = -3; y <= 3; y++)
            for (int32_t x = -4; x <= 3; x++)
                for (uint32_t r = 0; r < 4 && n < 64; r++) {
                    carc_game *g = NULL;
                    t.start_x = x;
                    t.start_y = y;
                    t.start_rotation = r;
                    if (carc_game_new(&g, &t) == CARC_OK) {
                        places[n][0] = x;
                        places[n][1] = y;
                        places[n][2] = (int32_t)r;
                        n++;
                        carc_game_free(g);
                    } else {
                        CHECK(g == NULL);
                    }
                }
    }
    if (n == 0 || carc_tile_find(&o->start_tile, "RA") != CARC_OK)
        return false;
    o->start_x = places[pick % n][0];
    o->start_y = places[pick % n][1];
    o->start_rotation = (uint32_t)places[pick % n][2];
    return true;
}

static void play_game(uint64_t seed)
{
    carc_game_options o;
    carc_game *g = NULL, *scratch = NULL;
    carc_movelist *all = NULL, *part = NULL;
    uint64_t r = seed * 0x9E3779B97F4A7C15ull + 1;
    OK(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION));
    o.seed = seed;
    const uint32_t F = CARC_MODULE_FARMERS, R = CARC_MODULE_RIVER, A = CARC_MODULE_ABBOT, I = CARC_MODULE_INNS,
                   T = CARC_MODULE_TRADERS, C = CARC_MODULE_COUNT;
    const uint32_t sets[32] = { F | R | A, F, 0, F | R, F | A, R, A, R | A,
                                F | R | A | I, F | I, I, F | R | I, F | A | I, R | I, A | I, R | A | I,
                                F | R | A | T, F | T, T, F | R | T, F | A | T, R | T, A | T, R | A | T,
                                F | R | A | I | T, F | I | T, I | T, F | R | I | T, F | A | I | T, R | I | T, A | I | T,
                                R | A | I | T };
    o.modules = sets[seed % 32] | (seed % 64 >= 32 ? C : 0); /* the 32 sets without the Count, then with it */
    o.players = 2 + (uint32_t)(seed % ((o.modules & I) ? 5 : 4)); /* up to 6 with Inns & Cathedrals */
    bool count = (o.modules & C) != 0;
    if (count && (o.modules & R))
        CHECK(spring_place(&o, seed / 64 + seed));
    if (count && seed % 3 == 1) /* the rule variants C-12 and C-6 */
        o.variants = seed % 2 ? CARC_VARIANT_COC_FINAL_MARKET : CARC_VARIANT_COC_ONCE_PER_TURN;
    if (carc_game_new(&g, &o) != CARC_OK || carc_movelist_new(&all, g) != CARC_OK ||
        carc_movelist_new(&part, g) != CARC_OK || carc_game_new(&scratch, &o) != CARC_OK) {
        fprintf(stderr, "carc-hardening-games: cannot create game %llu\n", (unsigned long long)seed);
        failures++;
        carc_movelist_free(all);
        carc_movelist_free(part);
        carc_game_free(g);
        return;
    }
    unsigned seconds = 0, passes = 0, coc[5] = { 0 }, finals = 0;
    /* passes, second tiles and the Count's decisions are moves too */
    for (unsigned turn = 1; turn < 1500; turn++) {
        bool over = false;
        OK(carc_game_is_over(&over, g));
        if (over)
            break;
        uint32_t tile = 0;
        carc_pending pd, after;
        memset(&pd, 0, sizeof pd);
        pd.struct_size = sizeof pd;
        OK(carc_game_pending(&pd, g));
        if (pd.decision != CARC_DECISION_PLACE) {
            /* a decision of the Count: optional, no tile, no tile choice now;
             * a random answer: a follower into the city nearly always, out of
             * it during play now and then (so that some stay for the final
             * round), in the final round and for the Count's move twice as
             * often as the pass (listed last) */
            carc_move m;
            uint32_t kinds = carc_tile_kind_count(), h0 = 0, h1 = 0;
            CHECK(count && pd.decision >= CARC_DECISION_EXIT && pd.decision <= CARC_DECISION_COUNT);
            CHECK((pd.flags & CARC_PENDING_OPTIONAL) && pd.tile == 0);
            CHECK(!(pd.flags & CARC_PENDING_FINAL) || pd.decision == CARC_DECISION_EXIT);
            CHECK(carc_game_choose_tile(g, (uint32_t)(next(&r) % kinds)) == CARC_EILLEGAL);
            OK(carc_game_legal_moves(all, g, 0));
            size_t n = carc_movelist_count(all);
            CHECK(n >= 1 && carc_movelist_data(all)[n - 1].kind == CARC_MOVE_PASS);
            for (size_t i = 0; i < n; i++)
                OK(carc_game_check_move(g, &carc_movelist_data(all)[i]));
            size_t k = n - 1;
            unsigned out_of = pd.decision == CARC_DECISION_QUARTER                                  ? 10
                              : pd.decision == CARC_DECISION_EXIT && !(pd.flags & CARC_PENDING_FINAL) ? 4
                                                                                                     : 3;
            bool answer = pd.decision == CARC_DECISION_EXIT && !(pd.flags & CARC_PENDING_FINAL)
                              ? next(&r) % out_of == 0
                              : next(&r) % out_of != 0;
            if (n > 1 && answer)
                k = (size_t)(next(&r) % (n - 1));
            OK(carc_movelist_get(&m, all, k));
            CHECK(m.kind == CARC_MOVE_PASS || m.kind == pd.decision); /* (the kinds follow the decisions) */
            char buf[96];
            carc_move parsed;
            OK(carc_move_format(buf, sizeof buf, NULL, &m));
            OK(carc_move_parse(&parsed, buf));
            CHECK(memcmp(&parsed, &m, sizeof m) == 0);
            OK(carc_game_history_count(&h0, g));
            OK(carc_game_play(g, &m));
            OK(carc_game_history_count(&h1, g));
            CHECK(h1 == h0 + 1); /* one history entry, one undo unit */
            coc[pd.decision] += m.kind != CARC_MOVE_PASS;
            finals += (pd.flags & CARC_PENDING_FINAL) && m.kind == CARC_MOVE_EXIT;
            if (turn % 5 == 0) {
                OK(carc_game_undo(g));
                OK(carc_game_history_count(&h1, g));
                CHECK(h1 == h0);
                OK(carc_game_play(g, &m));
            }
            if (turn % 7 == 0) {
                /* a clone keeps the decision; an end on it declines it (and
                 * starts or ends the final round), undone */
                carc_game *c = NULL;
                OK(carc_game_clone(&c, g, turn % 14 ? 0 : CARC_CLONE_NO_HISTORY));
                CHECK(c != NULL && same_record(c, g));
                bool done = false;
                OK(carc_game_is_over(&done, c));
                OK(carc_game_end(c));
                if (!done) /* (over: the end changes nothing, there is nothing to undo) */
                    OK(carc_game_undo(c));
                CHECK(same_record(c, g));
                carc_game_free(c);
            }
            if (turn % 11 == 0)
                queries(g, o.modules);
            continue;
        }
        if (turn % 6 == 0) {
            /* a kind left to draw that the rules let the player choose (with
             * the River: River tiles first, the lake last of them) */
            uint32_t kinds = carc_tile_kind_count(), k = (uint32_t)(next(&r) % kinds), left = 0;
            carc_status cs = CARC_ENOT_IN_BAG;
            for (uint32_t i = 0; i < kinds; i++, k = (k + 1) % kinds) {
                if (carc_game_remaining_of(&left, g, k) != CARC_OK || !left)
                    continue;
                cs = carc_game_choose_tile(g, k);
                if (cs == CARC_OK)
                    break;
                CHECK(cs == CARC_EILLEGAL && (o.modules & CARC_MODULE_RIVER));
            }
            OK(cs);
            OK(carc_game_is_over(&over, g));
            if (over)
                break;
            OK(carc_game_pending(&pd, g));
            if (pd.decision != CARC_DECISION_PLACE)
                continue; /* the choice discarded the last tiles: the Count's final round */
        }
        OK(carc_game_current_tile(&tile, g));
        uint32_t player = 0, builder = 0, left = 0;
        OK(carc_game_current_player(&player, g));
        OK(carc_game_figure_supply(&builder, g, player, CARC_FIGURE_BUILDER));
        OK(carc_game_remaining(&left, g));
        carc_move m;
        if (turn % 2) {
            OK(carc_game_legal_moves(all, g, turn % 4 == 1 ? CARC_ENUM_UNIQUE_ROTATIONS : 0));
            OK(carc_movelist_get(&m, all, (size_t)(next(&r) % carc_movelist_count(all))));
            /* the abbot's, the big follower's, the builder's and the pig's moves now and then */
            static const uint8_t specials[4] = { CARC_FIGURE_ABBOT, CARC_FIGURE_BIG, CARC_FIGURE_BUILDER,
                                                 CARC_FIGURE_PIG };
            uint8_t want = specials[next(&r) % 4];
            for (size_t i = 0, n = carc_movelist_count(all); next(&r) % 3 == 0 && i < n; i++)
                if (carc_movelist_data(all)[i].figure == want) {
                    m = carc_movelist_data(all)[(i + (size_t)(next(&r) % 2)) % n];
                    break;
                }
            /* with Traders & Builders, the builder wherever he may go, every other time (double turns) */
            for (size_t i = 0, n = carc_movelist_count(all); (o.modules & CARC_MODULE_TRADERS) && i < n; i++)
                if (carc_movelist_data(all)[i].figure == CARC_FIGURE_BUILDER) {
                    if (next(&r) % 2)
                        m = carc_movelist_data(all)[i];
                    break;
                }
            /* an optional decision (the builder's second tile): the pass, listed first, now and then */
            if ((pd.flags & CARC_PENDING_OPTIONAL) && next(&r) % 3 == 0)
                m = carc_movelist_data(all)[0];
        } else {
            OK(carc_game_placements(part, g, tile, 0));
            carc_move p = carc_movelist_data(part)[next(&r) % carc_movelist_count(part)];
            OK(carc_game_figure_options(part, g, &p));
            m = carc_movelist_data(part)[next(&r) % carc_movelist_count(part)];
        }
        OK(carc_game_check_move(g, &m));
        char buf[96];
        carc_move parsed;
        OK(carc_move_format(buf, sizeof buf, NULL, &m));
        OK(carc_move_parse(&parsed, buf));
        CHECK(memcmp(&parsed, &m, sizeof m) == 0);
        OK(carc_game_play(g, &m));
        /* the builder's double turn: a second tile only after a first part of
         * the same player's, whose builder was on the board before it; never
         * a third; a pass ends the turn and leaves the tile on the pile */
        memset(&after, 0, sizeof after);
        after.struct_size = sizeof after;
        OK(carc_game_pending(&after, g));
        bool second = after.decision == CARC_DECISION_PLACE && after.part == 2;
        seconds += second;
        passes += m.kind == CARC_MOVE_PASS;
        if (after.decision != CARC_DECISION_PLACE && after.decision != CARC_DECISION_NONE)
            CHECK(count && (after.flags & CARC_PENDING_OPTIONAL) && after.tile == 0); /* the Count's */
        else if (second)
            CHECK((o.modules & CARC_MODULE_TRADERS) && pd.part == 1 && after.player == player && builder == 0 &&
                  m.kind == CARC_MOVE_PLACE &&
                  after.flags == (CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE));
        else
            CHECK(after.flags == 0);
        if (m.kind == CARC_MOVE_PASS) {
            uint32_t t2 = 0, l2 = 0;
            CHECK(pd.part == 2 && after.part == 1 && after.player == (player + 1) % o.players);
            OK(carc_game_current_tile(&t2, g));
            OK(carc_game_remaining(&l2, g));
            CHECK(t2 == tile && l2 == left);
        }
        if (turn % 5 == 0) {
            /* undo takes back the move and this turn's tile choice with it */
            OK(carc_game_undo(g));
            OK(carc_game_current_tile(&tile, g));
            if (m.kind == CARC_MOVE_PLACE && tile != m.tile) /* (a pass names no tile) */
                OK(carc_game_choose_tile(g, m.tile));
            OK(carc_game_play(g, &m));
        }
        if (turn % 8 == 0) {
            carc_game *c = NULL;
            OK(carc_game_clone(&c, g, turn % 16 ? 0 : CARC_CLONE_NO_HISTORY));
            CHECK(c != NULL && same_record(c, g));
            OK(carc_game_copy(scratch, g, turn % 16 ? CARC_CLONE_NO_HISTORY : 0));
            CHECK(same_record(scratch, g));
            OK(carc_game_end(c));
            OK(carc_game_undo(c));
            carc_game_free(c);
        }
        if (turn % 11 == 0) {
            char *rec = text(save4, g, 0);
            carc_game *l = NULL;
            carc_load_error err;
            memset(&err, 0, sizeof err);
            err.struct_size = sizeof err;
            CHECK(rec != NULL);
            if (rec != NULL) {
                OK(carc_game_load(&l, rec, strlen(rec), NULL, &err));
                CHECK(l != NULL && same_record(l, g));
            }
            carc_game_free(l);
            free(rec);
            queries(g, o.modules);
        }
    }
    bool over = false;
    OK(carc_game_is_over(&over, g));
    CHECK(over);
    queries(g, o.modules);
    free(text(carc_game_render_text, g, CARC_RENDER_COLOR));
    free(text(carc_game_render_svg, g, 0));
    char *t = text(carc_game_render_text, g, CARC_RENDER_NO_LEGEND);
    CHECK(t != NULL);
    free(t);
    int32_t best = 0;
    uint32_t players = 0;
    OK(carc_game_players(&players, g));
    for (uint32_t p = 0; p < players; p++) {
        int32_t sc = 0;
        OK(carc_game_score(&sc, g, p));
        if (sc > best)
            best = sc;
    }
    printf("game %llu: %u players, modules %#x, best score %d", (unsigned long long)seed, players, o.modules,
           (int)best);
    if (o.modules & CARC_MODULE_TRADERS)
        printf(", %u second tiles (%u declined)", seconds, passes);
    if (count)
        printf(", the Count: %u into the city, %u moves of the Count, %u out during play, %u at the end",
               coc[CARC_DECISION_QUARTER], coc[CARC_DECISION_COUNT], coc[CARC_DECISION_EXIT] - finals, finals);
    printf("\n");
    carc_movelist_free(all);
    carc_movelist_free(part);
    carc_game_free(scratch);
    carc_game_free(g);
}

int main(int argc, char **argv)
{
    unsigned long games = argc > 1 ? strtoul(argv[1], NULL, 10) : 4;
    unsigned long long first = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    for (unsigned long i = 0; i < games; i++)
        play_game(first + i);
    if (failures)
        fprintf(stderr, "carc-hardening-games: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}
