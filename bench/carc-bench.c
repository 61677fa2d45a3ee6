/* SPDX-License-Identifier: MIT */
/*
 * carc-bench: random playouts under a fixed protocol, so that figures compare
 * with other engines (see bench/README.md):
 *   2 players (--players), the 72 base tiles, farmers on, seeded;
 *   each turn the tile is drawn, ALL legal placements are enumerated (rotations
 *   that give an identical tile counted once) and one is chosen uniformly; then
 *   ALL follower options for the placed tile (including none) are enumerated
 *   and one is chosen uniformly;
 *   games/s = games / wall time of the whole loop, game creation included.
 * Prints one line per run in the agreed form, then the statistics (they double
 * as a rules check) and a per-operation breakdown in ns.
 *
 * --modules LIST (carc_modules_parse: "river,abbot") plays the same protocol
 * with those rules modules over every decision the game waits for
 * (carc_game_pending): a place decision as above (the figure options include
 * the abbot and its recall; an optional one also offers its pass, as one more
 * placement), any other decision uniformly over its legal moves
 * (carc_game_legal_moves). The base game (farmers on or off) keeps its own
 * loop, untouched, so its figures do not move.
 *
 * With Inns & Cathedrals (--modules inns, also river,abbot,inns) the figure
 * options include the big follower, --players goes up to 6, and a line
 * reports the points that inns and cathedrals made (carc_event.bonus) and the
 * big follower's moves.
 *
 * `--modules all` is every module (carc_modules_parse: farmers river abbot
 * count inns traders). With the Count the other decisions are the moves out of
 * the City (during the scoring of a tile and in the final round), the follower
 * into a quarter and the Count's move, each a uniform pick over its legal
 * moves, passes included; with the Count and the River the spring lies at the
 * library's default place (CARC_DEFAULT_START_TILE). A line reports the Count's moves.
 */
#define _POSIX_C_SOURCE 200809L
#include <carcassonne/carcassonne.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct stats {
    double turns, placements, figure_opts, score;
    double during[3], final[4]; /* road, city, monastery | road, city, monastery, field */
    /* with modules only: */
    double decisions;                 /* answers to decisions other than a placement, passes */
    double garden_during, garden_final, recall, abbot_moves, recalls;
    double inn_during, inn_final, cathedral_during, cathedral_final, big_moves; /* Inns & Cathedrals */
    double tokens, trade, pig_bonus, builder_moves, pig_moves, second_parts;  /* Traders & Builders */
    double exits_during, exits_final, quarters, count_moves, city_left;      /* the Count */
    double figure_actions, second_passes, step_passes; /* place moves with a figure action; passes */
} stats;

/* a += b, field by field (stats holds doubles only) */
static void stats_add(stats *a, const stats *b)
{
    double *x = (double *)(void *)a;
    const double *y = (const double *)(const void *)b;
    for (size_t i = 0; i < sizeof *a / sizeof *x; i++)
        x[i] += y[i];
}

typedef struct job {
    uint64_t seed;
    uint32_t players, games, flags, modules;
    stats st;
    int failed;
} job;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline uint64_t next(uint64_t *s)
{
    /* xorshift64* */
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1Dull;
}

/* Uniform in [0, n) (Lemire's multiply-shift; the bias for n <= 1000 is below 2^-22). */
static inline size_t pick(uint64_t *s, size_t n)
{
    return (size_t)(((next(s) >> 32) * (uint64_t)n) >> 32);
}

/* One score event into the points by feature (roads, cities, monasteries,
 * fields), and at the end of a game every player's score: shared by both tallies. */
static void add_feature_points(stats *st, const carc_event *e, double pts)
{
    int k = e->feature_kind == CARC_SEG_ROAD ? 0 : e->feature_kind == CARC_SEG_CITY ? 1
                                               : e->feature_kind == CARC_SEG_MONASTERY ? 2 : 3;
    if (e->kind == CARC_EVENT_SCORE && k < 3)
        st->during[k] += pts;
    else if (e->kind == CARC_EVENT_FINAL)
        st->final[k] += pts;
}

static void add_scores(stats *st, const carc_game *g, uint32_t players)
{
    for (uint32_t p = 0; p < players; p++) {
        int32_t s;
        carc_game_score(&s, g, p);
        st->score += s;
    }
}

static void tally(stats *st, const carc_game *g, uint32_t players)
{
    uint32_t n;
    carc_game_event_count(&n, g);
    for (uint32_t i = 0; i < n; i++) {
        carc_event e = { sizeof e, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        carc_game_event(&e, g, i);
        if (e.kind == CARC_EVENT_DISCARD)
            continue;
        double pts = (double)e.points * __builtin_popcount(e.players);
        add_feature_points(st, &e, pts);
    }
    add_scores(st, g, players);
}

static void *run_games(void *arg)
{
    job *j = arg;
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.players = j->players;
    o.flags = j->flags;
    o.modules = j->modules;
    carc_movelist *pl = NULL, *fl = NULL;
    uint64_t rng = j->seed * 0x9E3779B97F4A7C15ull + 1;
    memset(&j->st, 0, sizeof j->st);
    for (uint32_t gi = 0; gi < j->games; gi++) {
        o.seed = j->seed + gi;
        carc_game *g;
        if (carc_game_new(&g, &o) != CARC_OK) {
            j->failed = 1;
            return NULL;
        }
        if (!pl && (carc_movelist_new(&pl, g) != CARC_OK || carc_movelist_new(&fl, g) != CARC_OK)) {
            j->failed = 1;
            return NULL;
        }
        uint32_t tile;
        while (carc_game_current_tile(&tile, g) == CARC_OK) {
            carc_game_placements(pl, g, tile, CARC_ENUM_UNIQUE_ROTATIONS);
            size_t np = carc_movelist_count(pl);
            carc_move p = carc_movelist_data(pl)[pick(&rng, np)];
            carc_game_figure_options(fl, g, &p);
            size_t nf = carc_movelist_count(fl);
            if (carc_game_play(g, &carc_movelist_data(fl)[pick(&rng, nf)]) != CARC_OK) {
                j->failed = 1;
                return NULL;
            }
            j->st.turns += 1;
            j->st.placements += (double)np;
            j->st.figure_opts += (double)nf;
        }
        tally(&j->st, g, j->players);
        carc_game_free(g);
    }
    carc_movelist_free(pl);
    carc_movelist_free(fl);
    return NULL;
}

/* The score events of a game with modules: gardens and recalls apart. */
static void tally_modules(stats *st, const carc_game *g, uint32_t players)
{
    uint32_t n;
    carc_game_event_count(&n, g);
    for (uint32_t i = 0; i < n; i++) {
        carc_event e = { sizeof e, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        carc_game_event(&e, g, i);
        if (e.kind == CARC_EVENT_DISCARD)
            continue;
        double pts = (double)e.points * __builtin_popcount(e.players);
        if (e.bonus & CARC_BONUS_INN) /* counted with the roads too */
            *(e.kind == CARC_EVENT_SCORE ? &st->inn_during : &st->inn_final) += pts;
        if (e.bonus & CARC_BONUS_CATHEDRAL) /* counted with the cities too */
            *(e.kind == CARC_EVENT_SCORE ? &st->cathedral_during : &st->cathedral_final) += pts;
        if (e.kind == CARC_EVENT_GOODS) {
            st->tokens += 1;
            continue;
        }
        if (e.kind == CARC_EVENT_TRADE) {
            st->trade += pts;
            continue;
        }
        if (e.bonus & CARC_BONUS_PIG) /* counted with the fields too: the pig's extra point per city */
            st->pig_bonus += pts / 4;
        if (e.kind == CARC_EVENT_RECALL) {
            st->recall += pts;
            st->recalls += 1;
            continue;
        }
        if (e.feature_kind == CARC_SEG_GARDEN) {
            if (e.kind == CARC_EVENT_SCORE)
                st->garden_during += pts;
            else if (e.kind == CARC_EVENT_FINAL)
                st->garden_final += pts;
            continue;
        }
        add_feature_points(st, &e, pts);
    }
    add_scores(st, g, players);
}

/*
 * The protocol with rules modules: every pending decision. A place decision:
 * uniform over the placements of the tile (plus the pass when it is optional),
 * then uniform over the figure options of that placement; any other decision:
 * uniform over its legal moves.
 */
static void *run_games_modules(void *arg)
{
    job *j = arg;
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.players = j->players;
    o.flags = j->flags;
    o.modules = j->modules;
    carc_movelist *pl = NULL, *fl = NULL;
    uint64_t rng = j->seed * 0x9E3779B97F4A7C15ull + 1;
    memset(&j->st, 0, sizeof j->st);
    for (uint32_t gi = 0; gi < j->games; gi++) {
        o.seed = j->seed + gi;
        carc_game *g;
        if (carc_game_new(&g, &o) != CARC_OK) {
            j->failed = 1;
            return NULL;
        }
        if (!pl && (carc_movelist_new(&pl, g) != CARC_OK || carc_movelist_new(&fl, g) != CARC_OK)) {
            j->failed = 1;
            return NULL;
        }
        for (;;) {
            carc_pending pd = { sizeof pd, 0, 0, 0, 0, 0 };
            const carc_move *m;
            if (carc_game_pending(&pd, g) != CARC_OK) {
                j->failed = 1;
                return NULL;
            }
            if (pd.decision == CARC_DECISION_NONE)
                break;
            if (pd.decision == CARC_DECISION_PLACE) {
                carc_game_placements(pl, g, pd.tile, CARC_ENUM_UNIQUE_ROTATIONS);
                size_t np = carc_movelist_count(pl), opt = (pd.flags & CARC_PENDING_OPTIONAL) ? 1 : 0;
                size_t pi = pick(&rng, np + opt);
                if (pi == np) { /* the pass */
                    carc_move pass = { 0, 0, 0, 0, 0, CARC_NO_SEGMENT, CARC_MOVE_PASS, 0, 0 };
                    if (carc_game_play(g, &pass) != CARC_OK) {
                        j->failed = 1;
                        return NULL;
                    }
                    j->st.decisions += 1;
                    j->st.second_passes += 1;
                    continue;
                }
                carc_move p = carc_movelist_data(pl)[pi];
                carc_game_figure_options(fl, g, &p);
                size_t nf = carc_movelist_count(fl);
                m = &carc_movelist_data(fl)[pick(&rng, nf)];
                j->st.turns += 1;
                j->st.placements += (double)np;
                j->st.figure_opts += (double)nf;
                j->st.abbot_moves += m->figure == CARC_FIGURE_ABBOT;
                j->st.big_moves += m->figure == CARC_FIGURE_BIG;
                j->st.builder_moves += m->figure == CARC_FIGURE_BUILDER;
                j->st.pig_moves += m->figure == CARC_FIGURE_PIG;
                j->st.second_parts += pd.part == 2;
                j->st.figure_actions += m->figure != CARC_FIGURE_NONE;
            } else {
                if (carc_game_legal_moves(fl, g, 0) != CARC_OK || carc_movelist_count(fl) == 0) {
                    j->failed = 1;
                    return NULL;
                }
                m = &carc_movelist_data(fl)[pick(&rng, carc_movelist_count(fl))];
                j->st.decisions += 1;
                if (m->kind == CARC_MOVE_EXIT)
                    *((pd.flags & CARC_PENDING_FINAL) ? &j->st.exits_final : &j->st.exits_during) += 1;
                j->st.quarters += m->kind == CARC_MOVE_QUARTER;
                j->st.count_moves += m->kind == CARC_MOVE_COUNT;
                j->st.step_passes += m->kind == CARC_MOVE_PASS;
            }
            if (carc_game_play(g, m) != CARC_OK) {
                j->failed = 1;
                return NULL;
            }
        }
        tally_modules(&j->st, g, j->players);
        if (j->modules & CARC_MODULE_COUNT)
            for (uint32_t p = 0; p < j->players; p++)
                for (uint32_t q = 0; q < 4; q++) {
                    uint32_t n = 0, big = 0;
                    carc_game_city(&n, g, q, p, CARC_FIGURE_FOLLOWER);
                    carc_game_city(&big, g, q, p, CARC_FIGURE_BIG);
                    j->st.city_left += n + big;
                }
        carc_game_free(g);
    }
    carc_movelist_free(pl);
    carc_movelist_free(fl);
    return NULL;
}

/* Per-operation timings over positions from real games: each operation is
 * repeated on K copies of the position and the loop timed as a whole. */
#define K 16
typedef struct optimes {
    double placements, figure_opts, play, undo, clone, clone_nohist, copy_nohist, n, nclone;
} optimes;

static void time_ops(optimes *t, uint32_t players, uint32_t modules, uint64_t seed, uint32_t games)
{
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    bool general = (modules & ~(uint32_t)CARC_MODULE_FARMERS) != 0;
    o.players = players;
    o.modules = modules;
    uint64_t rng = seed ^ 0xABCDEFull;
    memset(t, 0, sizeof *t);
    /* the scratch games once for the whole run: made and freed with each
     * game, they let malloc hand their pages back to the system and take
     * them again, and the page faults were charged to play (issue 32) */
    carc_game *scratch[K];
    o.seed = seed;
    for (int k = 0; k < K; k++)
        carc_game_new(&scratch[k], &o);
    for (uint32_t gi = 0; gi < games; gi++) {
        o.seed = seed + 1000000 + gi;
        carc_game *g;
        carc_game_new(&g, &o);
        carc_movelist *pl, *fl;
        carc_movelist_new(&pl, g);
        carc_movelist_new(&fl, g);
        uint32_t tile;
        while (carc_game_current_tile(&tile, g) == CARC_OK) {
            if (general) {
                /* with modules: only place decisions without a pass are timed; the
                 * others get a uniform legal move */
                carc_pending pd = { sizeof pd, 0, 0, 0, 0, 0 };
                carc_game_pending(&pd, g);
                if (pd.decision == CARC_DECISION_NONE)
                    break;
                if (pd.decision != CARC_DECISION_PLACE || (pd.flags & CARC_PENDING_OPTIONAL)) {
                    carc_game_legal_moves(fl, g, 0);
                    carc_game_play(g, &carc_movelist_data(fl)[pick(&rng, carc_movelist_count(fl))]);
                    continue;
                }
            }
            double t0 = now();
            for (int k = 0; k < K; k++)
                carc_game_placements(pl, g, tile, CARC_ENUM_UNIQUE_ROTATIONS);
            double t1 = now();
            carc_move p = carc_movelist_data(pl)[pick(&rng, carc_movelist_count(pl))];
            for (int k = 0; k < K; k++)
                carc_game_figure_options(fl, g, &p);
            double t2 = now();
            carc_move m = carc_movelist_data(fl)[pick(&rng, carc_movelist_count(fl))];
            for (int k = 0; k < K; k++)
                carc_game_copy(scratch[k], g, 0);
            double t3 = now();
            for (int k = 0; k < K; k++)
                carc_game_play(scratch[k], &m);
            double t4 = now();
            for (int k = 0; k < K; k++)
                carc_game_undo(scratch[k]);
            double t5 = now();
            t->placements += t1 - t0;
            t->figure_opts += t2 - t1;
            t->play += t4 - t3;
            t->undo += t5 - t4;
            t->n += K;
            if (gi % 4 == 0) {
                /* each clone freed at once: the pattern of a playout, and one
                 * that does not make malloc return memory to the system and
                 * take it back again between the calls */
                double c0 = now();
                for (int k = 0; k < K; k++) {
                    carc_game *c;
                    carc_game_clone(&c, g, 0);
                    carc_game_free(c);
                }
                double c1 = now();
                for (int k = 0; k < K; k++) {
                    carc_game *c;
                    carc_game_clone(&c, g, CARC_CLONE_NO_HISTORY);
                    carc_game_free(c);
                }
                double c2 = now();
                for (int k = 0; k < K; k++)
                    carc_game_copy(scratch[k], g, CARC_CLONE_NO_HISTORY);
                double c3 = now();
                t->clone += c1 - c0;
                t->clone_nohist += c2 - c1;
                t->copy_nohist += c3 - c2;
                t->nclone += K;
            }
            carc_game_play(g, &m);
        }
        carc_movelist_free(pl);
        carc_movelist_free(fl);
        carc_game_free(g);
    }
    for (int k = 0; k < K; k++)
        carc_game_free(scratch[k]);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* --playout POLICY: carc_playout_run from the start of one game, `games`
 * playouts a run (seeds seed, seed+1, ...), one runner, one thread: what a
 * tree search pays per playout, and what a program in another language gets
 * with one call per playout (bindings/python/bench_search.py compares). */
static int bench_playouts(uint32_t policy, uint32_t games, uint32_t runs, uint32_t players, uint32_t modules,
                          uint32_t flags, uint64_t seed, const char *name)
{
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.players = players;
    o.modules = modules;
    o.flags = flags;
    o.seed = seed;
    carc_game *g;
    carc_playout *p;
    if (carc_game_new(&g, &o) != CARC_OK || carc_playout_new(&p, g) != CARC_OK)
        return 1;
    double *pps = calloc(runs, sizeof *pps), moves = 0, score = 0;
    if (!pps)
        return 1;
    for (uint32_t r = 0; r < runs; r++) {
        double t0 = now();
        for (uint32_t i = 0; i < games; i++) {
            int32_t sc[6];
            uint32_t n = 0;
            if (carc_playout_run(p, g, policy, seed + (uint64_t)r * games + i, sc, 6, &n) != CARC_OK)
                return 1;
            moves += n;
            for (uint32_t k = 0; k < players; k++)
                score += sc[k];
        }
        pps[r] = games / (now() - t0);
        printf("playouts=%u policy=%s seconds=%.3f playouts_per_sec=%.0f\n", games, name, games / pps[r], pps[r]);
    }
    qsort(pps, runs, sizeof *pps, cmp_double);
    printf("median playouts_per_sec=%.0f over %u runs (policy %s, %u players, min %.0f, max %.0f) | moves a playout "
           "%.2f, mean score per player %.2f\n",
           pps[runs / 2], runs, name, players, pps[0], pps[runs - 1], moves / ((double)games * runs),
           score / ((double)games * runs * players));
    free(pps);
    carc_playout_free(p);
    carc_game_free(g);
    return 0;
}

/* --clones: each thread plays one game of its own (seed + thread) to the
 * middle of its pile, uniformly over the legal moves, then clones it (with
 * the history) and frees the clone `games` times: what a tree search on T
 * threads, each from its own root, pays per node. */
typedef struct clone_job {
    carc_game_options o;
    uint32_t n;
    double ns;
    int failed;
} clone_job;

static void *run_clones(void *arg)
{
    clone_job *j = arg;
    carc_game *g;
    carc_movelist *l;
    j->failed = 1;
    if (carc_game_new(&g, &j->o) != CARC_OK)
        return NULL;
    if (carc_movelist_new(&l, g) != CARC_OK) {
        carc_game_free(g);
        return NULL;
    }
    uint64_t rng = j->o.seed * 7919u + 1u;
    uint32_t left = 0, start = 0;
    carc_game_remaining(&start, g);
    while (carc_game_remaining(&left, g) == CARC_OK && 2 * left > start &&
           carc_game_legal_moves(l, g, 0) == CARC_OK && carc_movelist_count(l) > 0)
        carc_game_play(g, &carc_movelist_data(l)[pick(&rng, carc_movelist_count(l))]);
    double t0 = now();
    for (uint32_t i = 0; i < j->n; i++) {
        carc_game *c;
        if (carc_game_clone(&c, g, 0) != CARC_OK)
            break;
        carc_game_free(c);
    }
    j->ns = 1e9 * (now() - t0) / j->n;
    j->failed = 0;
    carc_movelist_free(l);
    carc_game_free(g);
    return NULL;
}

static int bench_clones(uint32_t n, uint32_t runs, uint32_t threads, uint32_t players, uint32_t modules,
                        uint32_t flags, uint64_t seed)
{
    clone_job *jobs = calloc(threads, sizeof *jobs);
    pthread_t *tid = calloc(threads, sizeof *tid);
    double *ns = calloc(runs, sizeof *ns);
    if (!jobs || !tid || !ns)
        return 1;
    for (uint32_t r = 0; r < runs; r++) {
        for (uint32_t t = 0; t < threads; t++) {
            carc_game_options o = CARC_GAME_OPTIONS_INIT;
            o.players = players;
            o.modules = modules;
            o.flags = flags;
            o.seed = seed + t;
            jobs[t].o = o;
            jobs[t].n = n;
            if (threads == 1)
                run_clones(&jobs[t]);
            else if (pthread_create(&tid[t], NULL, run_clones, &jobs[t]) != 0)
                return 1;
        }
        double sum = 0;
        for (uint32_t t = 0; t < threads; t++) {
            if (threads > 1)
                pthread_join(tid[t], NULL);
            if (jobs[t].failed)
                return 1;
            sum += jobs[t].ns;
        }
        ns[r] = sum / threads;
        printf("clones=%u threads=%u ns_per_clone_and_free=%.1f (a thread's mean)\n", n, threads, ns[r]);
    }
    qsort(ns, runs, sizeof *ns, cmp_double);
    printf("median ns_per_clone_and_free=%.1f over %u runs (%u threads, %u players, min %.1f, max %.1f)\n",
           ns[runs / 2], runs, threads, players, ns[0], ns[runs - 1]);
    free(jobs);
    free(tid);
    free(ns);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: carc-bench [--games N] [--seed S] [--players 2..5] [--runs R] [--threads T] [--no-undo] "
               "[--no-ops] [--modules LIST] [--playout random|immediate] [--clones]\n"
               "  --clones        time clone + free (history kept) of a game at the middle of its pile,\n"
               "                  --games N pairs a run on each of --threads T threads (a game each)\n"
               "  --playout P     time carc_playout_run from the start of one game instead (policy P:\n"
               "                  CARC_POLICY_RANDOM or CARC_POLICY_IMMEDIATE)\n"
               "  --no-undo       games created with CARC_GAME_NO_UNDO (no undo journal)\n"
               "  --modules LIST  rules modules, e.g. river,abbot,count,inns,traders, or all (default: the\n"
               "                  base game with farmers)\n"
               "  --players N     2..5, or 2..6 with inns\n");
}

int main(int argc, char **argv)
{
    uint32_t games = 20000, players = 2, runs = 5, threads = 1;
    uint64_t seed = 1;
    int ops = 1, clones = 0;
    uint32_t flags = 0, modules = CARC_MODULE_FARMERS;
    const char *modules_text = NULL, *playout = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        char *end = NULL;
        unsigned long long n = v ? strtoull(v, &end, 10) : 0;
        int ok = v && end && *end == '\0';
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--no-ops")) {
            ops = 0;
            continue;
        } else if (!strcmp(a, "--clones")) {
            clones = 1;
            continue;
        } else if (!strcmp(a, "--no-undo")) {
            flags |= CARC_GAME_NO_UNDO;
            continue;
        } else if (!strcmp(a, "--modules") && v) {
            carc_game_options go = CARC_GAME_OPTIONS_INIT;
            char msg[160];
            if (carc_modules_parse(&modules, v) != CARC_OK) {
                fprintf(stderr, "carc-bench: --modules: cannot read '%s'\n", v);
                return 2;
            }
            go.modules = modules;
            if (carc_game_options_check(&go, msg, sizeof msg) != CARC_OK) {
                fprintf(stderr, "carc-bench: --modules %s: %s\n", v, msg);
                return 2;
            }
            modules_text = v;
        } else if (!strcmp(a, "--playout") && v && (!strcmp(v, "random") || !strcmp(v, "immediate"))) {
            playout = v;
        } else if (!strcmp(a, "--playout") && v && !strcmp(v, "greedy")) {
            fprintf(stderr, "carc-bench: --playout greedy: the policy is named immediate (CARC_POLICY_IMMEDIATE) "
                            "since 0.2.0\n");
            return 2;
        } else if (!strcmp(a, "--games") && ok && n > 0 && n < 100000000ull) {
            games = (uint32_t)n;
        } else if (!strcmp(a, "--seed") && ok) {
            seed = n;
        } else if (!strcmp(a, "--players") && ok && n >= 2 && n <= 6) { /* 6: checked with the modules below */
            players = (uint32_t)n;
        } else if (!strcmp(a, "--runs") && ok && n > 0 && n <= 1000) {
            runs = (uint32_t)n;
        } else if (!strcmp(a, "--threads") && ok && n > 0 && n <= 64) {
            threads = (uint32_t)n;
        } else {
            usage(stderr);
            return 2;
        }
        i++;
    }

    {
        carc_game_options go = CARC_GAME_OPTIONS_INIT;
        char msg[160];
        go.modules = modules;
        go.players = players;
        if (carc_game_options_check(&go, msg, sizeof msg) != CARC_OK) {
            fprintf(stderr, "carc-bench: %s\n", msg);
            return 2;
        }
    }
    if (clones)
        return bench_clones(games, runs, threads, players, modules, flags, seed);
    if (playout)
        return bench_playouts(strcmp(playout, "immediate") ? CARC_POLICY_RANDOM : CARC_POLICY_IMMEDIATE, games, runs, players,
                              modules, flags, seed, playout);
    double *gps = calloc(runs, sizeof *gps), *mps = calloc(runs, sizeof *mps);
    job *jobs = calloc(threads, sizeof *jobs);
    pthread_t *tid = calloc(threads, sizeof *tid);
    if (!gps || !mps || !jobs || !tid)
        return 1;
    bool general = (modules & ~(uint32_t)CARC_MODULE_FARMERS) != 0;
    void *(*run)(void *) = general ? run_games_modules : run_games;
    stats total;
    memset(&total, 0, sizeof total);
    for (uint32_t r = 0; r < runs; r++) {
        uint32_t per = games / threads, extra = games % threads;
        uint64_t s = seed + (uint64_t)r * games;
        double t0 = now();
        for (uint32_t t = 0; t < threads; t++) {
            jobs[t].seed = s;
            jobs[t].players = players;
            jobs[t].flags = flags;
            jobs[t].modules = modules;
            jobs[t].games = per + (t < extra);
            jobs[t].failed = 0;
            s += jobs[t].games;
            if (threads == 1)
                run(&jobs[t]);
            else if (pthread_create(&tid[t], NULL, run, &jobs[t]) != 0)
                return 1;
        }
        if (threads > 1)
            for (uint32_t t = 0; t < threads; t++)
                pthread_join(tid[t], NULL);
        double sec = now() - t0;
        stats st;
        memset(&st, 0, sizeof st);
        for (uint32_t t = 0; t < threads; t++) {
            if (jobs[t].failed) {
                fprintf(stderr, "carc-bench: a game failed\n");
                return 1;
            }
            stats_add(&st, &jobs[t].st);
        }
        gps[r] = games / sec;
        mps[r] = (st.turns + st.decisions) / sec; /* every answer to a decision is a move */
        printf("engine=libcarcassonne games=%u seconds=%.3f games_per_sec=%.0f turns_per_game=%.2f "
               "placements_per_turn=%.2f meeple_opts_per_turn=%.3f mean_score_per_player=%.2f",
               games, sec, gps[r], st.turns / games, st.placements / st.turns, st.figure_opts / st.turns,
               st.score / ((double)games * players));
        if (modules_text != NULL)
            printf(" modules=%s other_decisions_per_game=%.2f", modules_text, st.decisions / games);
        printf("\n");
        fflush(stdout);
        stats_add(&total, &st);
    }
    double pp = (double)games * runs * players, ng = (double)games * runs;
    qsort(gps, runs, sizeof *gps, cmp_double);
    qsort(mps, runs, sizeof *mps, cmp_double);
    printf("median games_per_sec=%.0f over %u runs, %u thread%s%s%s%s (min %.0f, max %.0f)\n", gps[runs / 2], runs,
           threads, threads > 1 ? "s" : "", (flags & CARC_GAME_NO_UNDO) ? ", no undo journal" : "",
           modules_text != NULL ? ", modules " : "", modules_text != NULL ? modules_text : "", gps[0],
           gps[runs - 1]);
    double moves = total.turns + total.decisions;
    printf("moves: %.2f a game, median moves_per_sec=%.0f", moves / ng, mps[runs / 2]);
    if (general) {
        double count = total.exits_during + total.exits_final + total.quarters + total.count_moves + total.step_passes;
        printf(" | share of the moves: place %.2f%% (with a figure action %.2f%%)", 100 * total.turns / moves,
               100 * total.figure_actions / moves);
        if (modules & CARC_MODULE_TRADERS)
            printf(", second-tile pass %.3f%%", 100 * total.second_passes / moves);
        if (modules & CARC_MODULE_COUNT)
            printf(", the Count's decisions %.3f%% (exits %.3f%%, quarters %.3f%%, Count %.3f%%, passes %.3f%%)",
                   100 * count / moves, 100 * (total.exits_during + total.exits_final) / moves,
                   100 * total.quarters / moves, 100 * total.count_moves / moves, 100 * total.step_passes / moves);
    }
    printf("\n");
    printf("points per player: during play roads=%.2f cities=%.2f monasteries=%.2f | final roads=%.2f "
           "cities=%.2f monasteries=%.2f farms=%.2f | total=%.2f\n",
           total.during[0] / pp, total.during[1] / pp, total.during[2] / pp, total.final[0] / pp,
           total.final[1] / pp, total.final[2] / pp, total.final[3] / pp, total.score / pp);
    if (modules & CARC_MODULE_ABBOT)
        printf("abbot, per player: gardens during play=%.2f final=%.2f | recalls=%.2f (%.2f a game, all players) | "
               "abbot moves %.2f a game\n",
               total.garden_during / pp, total.garden_final / pp, total.recall / pp,
               total.recalls / ((double)games * runs), total.abbot_moves / ((double)games * runs));
    if (modules & CARC_MODULE_INNS)
        printf("inns & cathedrals, per player (in the roads and cities above): inn roads during play=%.2f final=%.2f | "
               "cathedral cities during play=%.2f final=%.2f | big follower moves %.2f a game\n",
               total.inn_during / pp, total.inn_final / pp, total.cathedral_during / pp, total.cathedral_final / pp,
               total.big_moves / ((double)games * runs));

    if (modules & CARC_MODULE_TRADERS)
        printf("traders & builders, per player: goods tokens=%.2f goods awards=%.2f pig bonus=%.2f (in the farms above) "
               "| a game: builder moves %.2f, pig moves %.2f, second tiles placed %.2f\n",
               total.tokens / pp, total.trade / pp, total.pig_bonus / pp, total.builder_moves / ((double)games * runs),
               total.pig_moves / ((double)games * runs), total.second_parts / ((double)games * runs));
    if (modules & CARC_MODULE_COUNT)
        printf("count, a game: exits during play=%.2f in the final round=%.2f | followers into the City=%.2f, "
               "Count moves=%.2f | per player: followers left in the City=%.2f\n",
               total.exits_during / ((double)games * runs), total.exits_final / ((double)games * runs),
               total.quarters / ((double)games * runs), total.count_moves / ((double)games * runs),
               total.city_left / pp);

    if (ops) {
        optimes t;
        time_ops(&t, players, modules, seed, 200);
        carc_game *g;
        carc_game_options o = CARC_GAME_OPTIONS_INIT;
        o.players = players;
        o.modules = modules;
            carc_game_new(&g, &o);
        size_t bytes = 0;
        carc_game_state_size(&bytes, g);
        carc_game_free(g);
        printf("ns per call: placements=%.0f figure_options=%.0f play=%.0f undo=%.0f clone+free=%.0f "
               "clone+free_no_history=%.0f copy_no_history=%.0f | state_bytes=%zu\n",
               1e9 * t.placements / t.n, 1e9 * t.figure_opts / t.n, 1e9 * t.play / t.n, 1e9 * t.undo / t.n,
               1e9 * t.clone / t.nclone, 1e9 * t.clone_nohist / t.nclone, 1e9 * t.copy_nohist / t.nclone, bytes);
    }
    free(gps);
    free(mps);
    free(jobs);
    free(tid);
    return 0;
}
