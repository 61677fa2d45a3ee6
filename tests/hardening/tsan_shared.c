/* SPDX-License-Identifier: MIT */
/*
 * tsan_shared: the thread-safety promise of common.h under ThreadSanitizer
 * (built and run by tests/hardening/tsan.sh):
 *   "Distinct handles may be used on distinct threads at the same time ...
 *    concurrent read-only (const) calls on a handle that nobody mutates are
 *    safe."
 * Several threads read one shared game at once (move enumeration, checks,
 * queries, save, pictures, and clone/copy *from* it, which share its
 * reference-counted rules data), each with its own move lists and scratch
 * games; between rounds the main thread alone plays a move. Clones made on
 * one thread are freed on another, so the shared rules data is released
 * from any thread. Shared games in turn: the base game (3 players), the
 * River with the Abbot (3 players), six players with Inns & Cathedrals, the
 * River and the Abbot (the modules' hooks read the shared state too: the
 * scoring hook of inns and cathedrals, the big follower's rules), six
 * players with Traders & Builders too, the Count (3 players: the shared game
 * read in the middle of his decisions, the city and the Count's quarter
 * asked; followers put into the city whenever asked), and every module at
 * once (5 players, the spring beside the City of Carcassonne). Without the
 * Count, carc_game_count is asked too (a read-only call that must write
 * nothing: it once wrote the last-error text).
 *
 *   tsan_shared [THREADS [MOVES]]      default 2 threads, 40 moves per game
 */
#define _POSIX_C_SOURCE 200809L
#include <carcassonne/carcassonne.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_THREADS 8

static int failures;
static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what, int line)
{
    pthread_mutex_lock(&fail_lock);
    fprintf(stderr, "tsan_shared:%d: %s\n", line, what);
    failures++;
    pthread_mutex_unlock(&fail_lock);
}
#define CHECK(c)                 \
    do {                         \
        if (!(c))                \
            fail(#c, __LINE__);  \
    } while (0)
#define OK(call) CHECK((call) == CARC_OK)

typedef struct worker {
    const carc_game *shared;
    carc_movelist *list;
    carc_game *scratch;       /* copy target, owned by this thread */
    carc_game *handoff;       /* a clone made here, freed by the next thread */
    unsigned id;
} worker;

typedef carc_status (*writer)(char *, size_t, size_t *, const carc_game *, uint32_t);

static void write_once(writer fn, const carc_game *g, uint32_t flags)
{
    size_t need = 0;
    CHECK(fn(NULL, 0, &need, g, flags) == CARC_EBUFFER);
    char *buf = malloc(need + 1);
    CHECK(buf != NULL);
    if (buf != NULL)
        OK(fn(buf, need + 1, NULL, g, flags));
    free(buf);
}

static carc_status save4(char *b, size_t c, size_t *n, const carc_game *g, uint32_t flags)
{
    (void)flags;
    return carc_game_save(b, c, n, g);
}

static void *read_shared(void *arg)
{
    worker *w = arg;
    const carc_game *g = w->shared;
    bool over = false;
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    OK(carc_game_pending(&pd, g));
    OK(carc_game_is_over(&over, g));
    if (!over) {
        uint32_t tile = 0;
        OK(carc_game_legal_moves(w->list, g, w->id & 1 ? CARC_ENUM_UNIQUE_ROTATIONS : 0));
        size_t n = carc_movelist_count(w->list);
        for (size_t i = 0; i < n; i += 1 + w->id)
            OK(carc_game_check_move(g, &carc_movelist_data(w->list)[i]));
        if (pd.decision == CARC_DECISION_PLACE) {
            OK(carc_game_current_tile(&tile, g));
            OK(carc_game_placements(w->list, g, tile, 0));
            carc_move p = carc_movelist_data(w->list)[w->id % carc_movelist_count(w->list)];
            OK(carc_game_figure_options(w->list, g, &p));
        } else if (carc_game_current_tile(&tile, g) == CARC_OK) {
            /* a decision of the Count: no placement is legal now */
            OK(carc_game_placements(w->list, g, tile, 0));
            if (carc_movelist_count(w->list) > 0) {
                carc_move p = carc_movelist_data(w->list)[0];
                CHECK(carc_game_figure_options(w->list, g, &p) == CARC_EILLEGAL);
            }
        }
    }
    uint32_t nfig = 0, players = 0;
    OK(carc_game_players(&players, g));
    OK(carc_game_figure_count(&nfig, g));
    for (uint32_t i = 0; i < nfig; i++) {
        carc_figure_info fi = { .struct_size = sizeof fi };
        carc_feature_info fe;
        uint32_t counts[8];
        size_t cnt = 0;
        OK(carc_game_figure(&fi, g, i));
        memset(&fe, 0, sizeof fe);
        fe.struct_size = sizeof fe;
        OK(carc_game_feature(&fe, g, fi.feature));
        OK(carc_game_feature_occupants(counts, 8, g, fi.feature));
        CHECK(carc_game_feature_tiles(NULL, 0, &cnt, g, fi.feature) == CARC_EBUFFER);
    }
    for (uint32_t p = 0; p < players; p++) {
        int32_t s;
        uint32_t u;
        OK(carc_game_score(&s, g, p));
        OK(carc_game_supply(&u, g, p));
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_ABBOT));
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BIG));
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BUILDER));
        OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_PIG));
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            OK(carc_game_goods(&u, g, p, k));
        for (uint32_t q = 0; q < 4; q++) {
            OK(carc_game_city(&u, g, q, p, CARC_FIGURE_FOLLOWER));
            OK(carc_game_city(&u, g, q, p, CARC_FIGURE_BIG));
        }
    }
    {
        carc_game_options go;
        uint32_t q = 9;
        OK(carc_game_options_get(&go, g));
        CHECK(carc_game_count(&q, g) == ((go.modules & CARC_MODULE_COUNT) ? CARC_OK : CARC_EILLEGAL));
    }
    uint32_t nev = 0;
    OK(carc_game_event_count(&nev, g));
    for (uint32_t i = 0; i < nev; i++) {
        carc_event e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        OK(carc_game_event(&e, g, i));
    }
    CHECK(over ? pd.decision == CARC_DECISION_NONE : pd.decision != CARC_DECISION_NONE);
    for (uint32_t k = 0, left = 0; k < carc_tile_kind_count(); k++)
        OK(carc_game_remaining_of(&left, g, k));
    carc_game_options o;
    uint32_t mods = 0;
    char msg[64];
    OK(carc_game_options_get(&o, g));
    OK(carc_game_options_check(&o, msg, sizeof msg));
    OK(carc_modules_parse(&mods, "river,abbot"));
    CHECK(carc_module_name(CARC_MODULE_ABBOT) != NULL);
    CHECK(carc_game_last_error(g) != NULL);
    write_once(save4, g, 0);
    write_once(carc_game_render_text, g, CARC_RENDER_COLOR);
    if (w->id == 0)
        write_once(carc_game_render_svg, g, 0);
    /* clone and copy read the shared game and share its rules data */
    carc_game *c = NULL;
    OK(carc_game_clone(&c, g, w->id & 1 ? CARC_CLONE_NO_HISTORY : 0));
    OK(carc_game_copy(w->scratch, g, 0));
    /* a clone from the previous round, made on another thread */
    carc_game_free(w->handoff);
    w->handoff = c;
    return NULL;
}

/* Rounds of concurrent reads on one shared game with these modules. */
static int run(unsigned threads, unsigned moves, uint32_t players, uint32_t modules)
{
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    carc_game *g = NULL;
    carc_movelist *ml = NULL;
    worker w[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    o.players = players;
    o.seed = 17;
    o.modules = modules;
    if ((modules & CARC_MODULE_COUNT) && (modules & CARC_MODULE_RIVER)) {
        /* the spring beside the City of Carcassonne (north of CO/3, the river flowing west) */
        if (carc_tile_find(&o.start_tile, "RA") != CARC_OK)
            return 1;
        o.start_x = 0;
        o.start_y = -2;
        o.start_rotation = 3;
    }
    if (carc_game_new(&g, &o) != CARC_OK || carc_movelist_new(&ml, g) != CARC_OK)
        return 1;
    memset(w, 0, sizeof w);
    for (unsigned t = 0; t < threads; t++) {
        carc_game_options so = CARC_GAME_OPTIONS_INIT;
        so.players = 2 + t % 4;
        w[t].shared = g;
        w[t].id = t;
        if (carc_movelist_new(&w[t].list, g) != CARC_OK || carc_game_new(&w[t].scratch, &so) != CARC_OK)
            return 1;
    }
    uint64_t r = 99;
    for (unsigned round = 0; round < moves; round++) {
        for (unsigned t = 0; t < threads; t++)
            if (pthread_create(&tid[t], NULL, read_shared, &w[t]) != 0)
                return 1;
        for (unsigned t = 0; t < threads; t++)
            pthread_join(tid[t], NULL);
        /* hand the clones on: each is freed by another thread next round */
        carc_game *first = w[0].handoff;
        for (unsigned t = 0; t + 1 < threads; t++)
            w[t].handoff = w[t + 1].handoff;
        w[threads - 1].handoff = first;
        /* only the main thread mutates, while nobody reads */
        bool over = false;
        OK(carc_game_is_over(&over, g));
        if (over)
            break;
        OK(carc_game_legal_moves(ml, g, 0));
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        size_t n = carc_movelist_count(ml), pick = r % n;
        uint8_t want = (r >> 8) % 2 ? CARC_FIGURE_ABBOT : CARC_FIGURE_BIG;
        for (size_t k = 0; r % 3 == 0 && k < n; k++) /* the abbot's and the big follower's moves now and then */
            if (carc_movelist_data(ml)[(pick + k) % n].figure == want) {
                pick = (pick + k) % n;
                break;
            }
        if (carc_movelist_data(ml)[n - 1].kind == CARC_MOVE_PASS && carc_movelist_data(ml)[0].kind != CARC_MOVE_PLACE)
            pick = 0; /* a decision of the Count: the first answer listed, not the pass */
        OK(carc_game_play(g, &carc_movelist_data(ml)[pick]));
    }
    for (unsigned t = 0; t < threads; t++) {
        carc_game_free(w[t].handoff);
        carc_game_free(w[t].scratch);
        carc_movelist_free(w[t].list);
    }
    carc_movelist_free(ml);
    carc_game_free(g);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned threads = argc > 1 ? (unsigned)atoi(argv[1]) : 2;
    unsigned moves = argc > 2 ? (unsigned)atoi(argv[2]) : 40;
    if (threads < 1 || threads > MAX_THREADS)
        threads = 2;
    const uint32_t base4 = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT | CARC_MODULE_INNS;
    static uint32_t sets[6];
    sets[0] = CARC_MODULE_FARMERS;
    sets[1] = CARC_MODULE_FARMERS | CARC_MODULE_RIVER | CARC_MODULE_ABBOT;
    sets[2] = base4;
    sets[3] = base4 | CARC_MODULE_TRADERS;
    sets[4] = CARC_MODULE_FARMERS | CARC_MODULE_COUNT;
    sets[5] = base4 | CARC_MODULE_TRADERS | CARC_MODULE_COUNT;
    static const uint32_t players[6] = { 3, 3, 6, 6, 3, 5 };
    for (int i = 0; i < 6; i++)
        if (run(threads, moves, players[i], sets[i]) != 0)
            return 1;
    if (failures)
        fprintf(stderr, "tsan_shared: %d check(s) failed\n", failures);
    else
        printf("tsan_shared: %u threads, %u rounds, base, River + Abbot, six-player Inns & Cathedrals, Traders & "
               "Builders, Count and all-module games: ok\n",
               threads, moves);
    return failures ? 1 : 0;
}
