/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the game API (built by fuzz/run_api.sh, not by CMake):
 * the input is read as a sequence of API calls on one game, and invariants
 * are checked as it goes. Any violation stops the run with __builtin_trap()
 * (after a line on stderr saying which check failed). This file: the
 * input, its header and the tile game, with the operations in the table
 * OPS; fuzz_api_dice.c: the Dice Game; fuzz_harness.c: what both use.
 *
 * Input: a 14-byte header (missing bytes read as 0), then operations.
 *   [0]      players = 2 + (b & 15) % 5 (six only with Inns & Cathedrals:
 *            without it, six must be refused by carc_game_options_check and
 *            carc_game_new alike, with the message, and 2 + (b & 15) % 4
 *            play); bit 6: the Count; bits 4 and 5: its variants coc-final
 *            market and coc-per-part no (refused alike without the Count);
 *            bit 7: the copy target's modules differ by Inns & Cathedrals
 *            instead of the Abbot
 *   [1]      bit 0: farmers off; bit 1: custom start (bytes 2..5); bit 2:
 *            CARC_GAME_NO_UNDO; bit 3: a Dice Game instead (see
 *            fuzz_api_dice.c); bit 4: the River; bit 5: the Abbot; bit 6: Inns &
 *            Cathedrals; bit 7: Traders & Builders
 *   [2..5]   start tile kind, rotation, x, y (int8); a start the modules do
 *            not allow must be refused alike by carc_game_options_check and
 *            carc_game_new, and the game then starts from the default start
 *            (with the Count and the River, after checking that the default
 *            is accepted: the spring at the place beside the City of
 *            Carcassonne that byte 2 picks)
 *   [6..13]  seed, little endian
 *   [14]     (the tile game) bit 0: rule elements: the boxes of byte 1 given
 *            as their elements, less those of bits 1..7 (big-follower, inn,
 *            cathedral, goods, builder, pig, gardens); never an element
 *            without one it needs
 *   then     op byte (op % 21, OPS; a Dice Game: op % 9, DICE_OPS) followed by
 *            its argument bytes
 *
 * Checked after every step (cheap: a few calls per player):
 *   - figures are conserved: those not in supply (7 followers, 1 abbot with
 *     the Abbot, 1 big follower with Inns & Cathedrals, 1 builder with
 *     Traders & Builders, 1 pig with it and farmers) are on the board or
 *     (followers and big followers) in the City of Carcassonne;
 *     scores never decrease during play (they may after an undo);
 *   - carc_game_pending agrees with the current player and tile (part 2,
 *     optional, only for the builder's second tile: after a first part of
 *     the same player's, with his builder on the board before it, and never
 *     a third); the game is
 *     over iff there is no tile to place; with the River, River tiles come
 *     first and the lake last of them;
 *   - undo restores the game: the state before each undoable action (move,
 *     tile choice, early end) is kept on a stack, and an undo must give back
 *     the top of it; a rejected call changes nothing; both compared by a
 *     summary (counts of tiles, figures, events and history, the last tile,
 *     the last figures and event, scores, supplies, the pending decision,
 *     the tile to place and the tiles left);
 *   - check_move accepts a raw move iff it is listed (among the figure
 *     actions of its placement: the full list is made of them; the full list
 *     itself on sampled steps), play returns what check_move returned; moves
 *     of a kind the pending decision does not take are CARC_EILLEGAL, unknown
 *     kinds CARC_EINVAL; a recall scores 1 + the tiles around the abbot;
 *   - a score with an inn is 2 per tile completed, 0 at the end, with a
 *     cathedral 3 per tile and pennant completed, 0 at the end (checked
 *     against the feature), and the bonus is there iff the feature has the
 *     mark; a field with a pig scores 4 per city for its owner;
 *   - trade goods (carc_game_goods): a move changes them by its
 *     CARC_EVENT_GOODS events, one per symbol of the cities it completed, all
 *     to the player who moved; at the end each kind's majority scores 10
 *     (CARC_EVENT_TRADE); wrong arguments are refused;
 *   - placements and figure options agree with the full move list (none is
 *     legal during a decision of the Count);
 *   - the Count: a decision of his is optional, has no tile, is the current
 *     player's, no tile choice is open then (and a choice is refused); an
 *     exit takes its figure out of its quarter, a follower into a quarter
 *     comes from supply and the Count's move is asked of the same player
 *     next, the Count goes where he is sent; a follower into the city is
 *     asked for iff the move's scoring gave an opponent of the placer points
 *     and the placer none, and he has a follower or the big follower in
 *     supply (C-1..C-5, C-19, C-20; with coc-per-part no only "only if"); an
 *     exit onto any segment of a listed exit's feature is legal; an end
 *     leaves the game over or in the final round, its history the passes
 *     that declined the part's decisions, then the end;
 *   - clone and copy (with and without history) equal the original, and
 *     playing on them leaves the original alone; load(save(g)) saves
 *     identically; pictures are as long as announced; move notation
 *     round-trips (format then parse);
 *   - the learning environment (op learn, fuzz_api_learn.c: what it checks
 *     is at its top): ids, masks and observations from scratch against the
 *     legal moves, moves chosen through the masks played, a small
 *     vectorised environment stepped with the input's actions.
 * Checked on a sample of the steps (every FULL_EVERY-th step; the environment
 * variable FUZZ_API_FULL_EVERY=N changes it, 1: every step, the old way):
 *   - the comparisons above by the full fingerprint (everything the const
 *     API shows: the whole history, every tile, figure and event, scores,
 *     supplies, the pending decision) as well as the summary;
 *   - every figure kind is conserved per player, figure by figure: followers
 *     on the board + in supply = 7, abbots on the board + in supply = 1 with
 *     the Abbot (else 0), big followers 1 with Inns & Cathedrals (else 0),
 *     builders and pigs as above; each stands on a segment its rules allow
 *     (the abbot on a monastery or garden, no follower or big follower on a
 *     garden or the river, on a field only with farmers, the builder on a
 *     road or city, the pig on a field), and a builder or pig shares its
 *     feature with a follower of its owner's (ruling T-7);
 *   - majorities: each feature a move scored went to the players with the
 *     greatest strength among the figures on it before the move (a follower
 *     and the abbot 1, the big follower 2, the builder and the pig 0), found
 *     by their positions, and
 *     those figures went home;
 *   - enumeration = check: every listed move passes check_move, and random
 *     variants of listed moves are accepted iff listed;
 *   - every query of the board (feature, occupants, tiles of each segment).
 * At the end of the input: enumeration = check once more, then every undo
 * on the stack is taken back down to its bottom, each compared with what the
 * stack holds (the bottom entry always with the full fingerprint).
 * Costly calls have a budget per input (unless FUZZ_API_FULL_EVERY=1): at
 * most MAX_LOADS loads (carc_game_load replays the record), MAX_PICTURES
 * pictures, of small boards only (a picture costs about 0.1 ms per tile as
 * text, 0.2 ms as SVG, under the sanitizers).
 */
#include "fuzz_harness.h"
#include "fuzz_api_dice.h"
#include "fuzz_api_learn.h"
#include "../tests/engine/elements_oracle.h" /* tu_elements: the rule elements */

#define MAX_PICTURES 1    /* pictures per input */
#define RENDER_TEXT_TILES 4
#define RENDER_SVG_TILES 2

/* ------------------------------------------------------------ settings */

static uint32_t n_kinds;
static bool river_kind[1024];
static uint32_t lake_kind = UINT32_MAX;
static uint32_t spring_kind = UINT32_MAX;
static int32_t springs[64][3]; /* the Count with the River: the spring's places beside the city */
static unsigned n_springs;
/* The modules of the input's games (its copy target has the same Count bit,
 * its clones and loads the same modules). */
static uint32_t g_modules;

static void settings_once(void)
{
    if (!harness_settings())
        return;
    n_kinds = carc_tile_kind_count();
    FZ_CHECK(n_kinds < sizeof river_kind);
    for (uint32_t k = 0; k < n_kinds; k++) {
        uint32_t without = 0, with = 0;
        FZ_OK(carc_tile_copies(&without, k, CARC_MODULE_FARMERS | CARC_MODULE_ABBOT));
        FZ_OK(carc_tile_copies(&with, k, CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_RIVER));
        river_kind[k] = without == 0 && with > 0;
    }
    FZ_OK(carc_tile_find(&lake_kind, "RL"));
    FZ_CHECK(river_kind[lake_kind]);
    /* every place around the City of Carcassonne's block (x -2..1, y -1..1)
     * that the options accept for the spring, with the Count and the River */
    carc_game_options o;
    FZ_OK(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION));
    FZ_OK(carc_tile_find(&spring_kind, "RA"));
    o.modules = CARC_MODULE_RIVER | CARC_MODULE_COUNT;
    o.start_tile = spring_kind;
    for (int32_t y = -3; y <= 3; y++)
        for (int32_t x = -4; x <= 3; x++)
            for (uint32_t r = 0; r < 4 && n_springs < 64; r++) {
                o.start_x = x;
                o.start_y = y;
                o.start_rotation = r;
                if (carc_game_options_check(&o, NULL, 0) == CARC_OK) {
                    springs[n_springs][0] = x;
                    springs[n_springs][1] = y;
                    springs[n_springs][2] = (int32_t)r;
                    n_springs++;
                }
            }
    FZ_CHECK(n_springs > 0);
}

/* ------------------------------------------------------------ helpers */

static carc_status game_save(char *b, size_t c, size_t *n, const void *g) { return carc_game_save(b, c, n, g); }

static carc_status game_load(void **out, const char *data, size_t len, const carc_allocator *a, carc_load_error *err)
{
    return carc_game_load((carc_game **)out, data, len, a, err);
}

/* The growable structs of a game, by index. */
static carc_figure_info figure_at(const carc_game *g, uint32_t i)
{
    carc_figure_info fi = SIZED(carc_figure_info);
    FZ_OK(carc_game_figure(&fi, g, i));
    return fi;
}

static carc_event event_at(const carc_game *g, uint32_t i)
{
    carc_event e = SIZED(carc_event);
    FZ_OK(carc_game_event(&e, g, i));
    return e;
}

static carc_history_entry history_at(const carc_game *g, uint32_t i)
{
    carc_history_entry h = SIZED(carc_history_entry);
    FZ_OK(carc_game_history(&h, g, i));
    return h;
}

static carc_move pass_move(void)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = CARC_MOVE_PASS;
    m.segment = CARC_NO_SEGMENT;
    return m;
}

enum { FP_WITH_PENDING = 1 }; /* include what a pending tile choice changes */

static void pending_of(const carc_game *g, carc_pending *p)
{
    *p = SIZED(carc_pending);
    FZ_OK(carc_game_pending(p, g));
}

static void put_move(fp *f, const carc_move *m)
{
    put(f, (uint32_t)m->x);
    put(f, (uint32_t)m->y);
    put(f, m->tile | (uint32_t)m->rotation << 16 | (uint32_t)m->figure << 24);
    put(f, m->segment | (uint32_t)m->kind << 8 | (uint32_t)m->quarter << 16 | (uint32_t)m->reserved << 24);
}

static fp *fingerprint(const carc_game *g, unsigned flags)
{
    fp *f = calloc(1, sizeof *f);
    FZ_CHECK(f != NULL);
    uint32_t players = 0, u = 0, n = 0;
    int32_t s = 0, x0, y0, x1, y1;
    bool o = false;
    carc_game_options opts;
    f->sect[0] = f->n;
    FZ_OK(carc_game_options_get(&opts, g));
    put(f, opts.players);
    put(f, opts.modules);
    put(f, (uint32_t)opts.seed);
    put(f, opts.start_tile);
    put(f, (uint32_t)opts.start_x);
    put(f, (uint32_t)opts.start_y);
    put(f, opts.start_rotation);
    FZ_OK(carc_game_players(&players, g));
    FZ_OK(carc_game_current_player(&u, g));
    put(f, u);
    FZ_OK(carc_game_is_over(&o, g));
    put(f, o);
    FZ_OK(carc_game_bounds(&x0, &y0, &x1, &y1, g));
    put(f, (uint32_t)x0);
    put(f, (uint32_t)y0);
    put(f, (uint32_t)x1);
    put(f, (uint32_t)y1);
    FZ_OK(carc_game_leaders(&u, g));
    put(f, u);
    f->sect[1] = f->n;
    for (uint32_t p = 0; p < players; p++) {
        FZ_OK(carc_game_score(&s, g, p));
        put(f, (uint32_t)s);
        FZ_OK(carc_game_supply(&u, g, p));
        put(f, u);
        FZ_OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_ABBOT));
        put(f, u);
        FZ_OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BIG));
        put(f, u);
        FZ_OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BUILDER));
        put(f, u);
        FZ_OK(carc_game_figure_supply(&u, g, p, CARC_FIGURE_PIG));
        put(f, u);
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
            FZ_OK(carc_game_goods(&u, g, p, k));
            put(f, u);
        }
        for (uint32_t q = 0; q < 4; q++) { /* the Count: who stands in each quarter */
            FZ_OK(carc_game_city(&u, g, q, p, CARC_FIGURE_FOLLOWER));
            put(f, u);
            FZ_OK(carc_game_city(&u, g, q, p, CARC_FIGURE_BIG));
            put(f, u);
        }
    }
    u = UINT32_MAX;
    if (opts.modules & CARC_MODULE_COUNT)
        FZ_OK(carc_game_count(&u, g));
    put(f, u);
    put(f, opts.variants);
    f->sect[2] = f->n;
    if (flags & FP_WITH_PENDING) {
        carc_pending pd;
        pending_of(g, &pd);
        put(f, pd.decision);
        put(f, pd.player);
        put(f, pd.flags);
        put(f, pd.tile);
        put(f, pd.part);
        u = UINT32_MAX;
        carc_game_current_tile(&u, g);
        put(f, u);
        FZ_OK(carc_game_remaining(&u, g));
        put(f, u);
    }
    f->sect[3] = f->n;
    FZ_OK(carc_game_history_count(&n, g));
    put(f, n);
    for (uint32_t i = 0; i < n; i++) {
        carc_history_entry h = history_at(g, i);
        put(f, h.kind | h.player << 8);
        put_move(f, &h.move);
    }
    f->sect[4] = f->n;
    FZ_OK(carc_game_tile_count(&n, g));
    put(f, n);
    for (uint32_t i = 0; i < n; i++) {
        carc_move t;
        FZ_OK(carc_game_tile(&t, g, i));
        put_move(f, &t);
    }
    f->sect[5] = f->n;
    FZ_OK(carc_game_figure_count(&n, g));
    put(f, n);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi = figure_at(g, i);
        put(f, fi.player | fi.figure << 8 | fi.segment << 16);
        put(f, (uint32_t)fi.x);
        put(f, (uint32_t)fi.y);
    }
    f->sect[6] = f->n;
    FZ_OK(carc_game_event_count(&n, g));
    put(f, n);
    for (uint32_t i = 0; i < n; i++) {
        carc_event e = event_at(g, i);
        put(f, e.kind | e.feature_kind << 8 | e.bonus << 16 | e.good << 24);
        put(f, e.turn);
        put(f, (uint32_t)e.points);
        put(f, e.players | e.returned << 8);
        put(f, e.tile);
        put(f, (uint32_t)e.x);
        put(f, (uint32_t)e.y);
        put(f, e.segment | e.tiles << 8);
    }
    f->sect[7] = f->n;
    return f;
}

/* ------------------------------------------------------------ summaries */

/* What a few cheap calls show of a game: enough to catch a wrong undo or a
 * rejected call that changed something, at a small fraction of the cost of
 * the fingerprint. */
typedef struct summary {
    uint32_t players, cur, over, hist, tiles, figs, events, left, tile;
    carc_pending pending;
    int32_t score[8];
    uint32_t supply[8], abbot[8], big[8], builder[8], pig[8], goods[8][CARC_GOOD_COUNT];
    uint32_t city[8][4], big_in[8]; /* the Count: followers in each quarter; the big follower's quarter + 1 (0: none) */
    uint32_t count;                 /* the Count's quarter (4 without him) */
    carc_move last;        /* the last tile placed */
    uint64_t figs_hash;    /* the last two figures placed */
    carc_event last_event; /* (zeroed when there is none) */
} summary;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0xFF51AFD7ED558CCDull;
}

static void summarize(const carc_game *g, summary *s)
{
    bool over = false;
    memset(s, 0, sizeof *s);
    FZ_OK(carc_game_players(&s->players, g));
    FZ_CHECK(s->players >= 2 && s->players <= 6);
    FZ_OK(carc_game_current_player(&s->cur, g));
    FZ_OK(carc_game_is_over(&over, g));
    s->over = over;
    FZ_OK(carc_game_history_count(&s->hist, g));
    FZ_OK(carc_game_tile_count(&s->tiles, g));
    FZ_OK(carc_game_figure_count(&s->figs, g));
    FZ_OK(carc_game_event_count(&s->events, g));
    FZ_OK(carc_game_remaining(&s->left, g));
    s->tile = UINT32_MAX;
    carc_game_current_tile(&s->tile, g);
    pending_of(g, &s->pending);
    for (uint32_t p = 0; p < s->players; p++) {
        FZ_OK(carc_game_score(&s->score[p], g, p));
        FZ_OK(carc_game_supply(&s->supply[p], g, p));
        FZ_OK(carc_game_figure_supply(&s->abbot[p], g, p, CARC_FIGURE_ABBOT));
        FZ_OK(carc_game_figure_supply(&s->big[p], g, p, CARC_FIGURE_BIG));
        FZ_OK(carc_game_figure_supply(&s->builder[p], g, p, CARC_FIGURE_BUILDER));
        FZ_OK(carc_game_figure_supply(&s->pig[p], g, p, CARC_FIGURE_PIG));
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            FZ_OK(carc_game_goods(&s->goods[p][k], g, p, k));
        for (uint32_t q = 0; q < 4 && (g_modules & CARC_MODULE_COUNT); q++) {
            uint32_t b = 0;
            FZ_OK(carc_game_city(&s->city[p][q], g, q, p, CARC_FIGURE_FOLLOWER));
            FZ_OK(carc_game_city(&b, g, q, p, CARC_FIGURE_BIG));
            FZ_CHECK(b <= 1 && !(b && s->big_in[p]));
            if (b)
                s->big_in[p] = q + 1;
        }
    }
    s->count = 4;
    if (g_modules & CARC_MODULE_COUNT)
        FZ_OK(carc_game_count(&s->count, g));
    FZ_OK(carc_game_tile(&s->last, g, s->tiles - 1));
    uint64_t h = 0;
    for (uint32_t i = s->figs > 2 ? s->figs - 2 : 0; i < s->figs; i++) { /* the last two (cheap) */
        carc_figure_info fi = figure_at(g, i);
        h = mix(h, fi.player | (uint64_t)fi.figure << 8 | (uint64_t)fi.segment << 16);
        h = mix(h, (uint64_t)(uint32_t)fi.x << 32 | (uint32_t)fi.y);
    }
    s->figs_hash = h;
    s->last_event = s->events ? event_at(g, s->events - 1) : SIZED(carc_event);
}

static void same_summary(const summary *a, const summary *b, unsigned flags, const char *what)
{
    summary x = *a, y = *b;
    if (!(flags & FP_WITH_PENDING)) {
        x.tile = y.tile = 0;
        x.left = y.left = 0;
        memset(&x.pending, 0, sizeof x.pending);
        memset(&y.pending, 0, sizeof y.pending);
    }
    if (memcmp(&x, &y, sizeof x) != 0) {
        fprintf(stderr,
                "fuzz_api: %s: summaries differ:\n"
                "  expected: cur %u over %u hist %u tiles %u figs %u events %u left %u tile %u\n"
                "  got:      cur %u over %u hist %u tiles %u figs %u events %u left %u tile %u\n",
                what, x.cur, x.over, x.hist, x.tiles, x.figs, x.events, x.left, x.tile, y.cur, y.over, y.hist,
                y.tiles, y.figs, y.events, y.left, y.tile);
        FZ_CHECK(!"the game is not as expected");
    }
}

/* A summary, and on sampled steps the full fingerprint too. */
typedef struct snap {
    summary s;
    fp *full;
    unsigned flags;
} snap;

/* ------------------------------------------------------------ state */

typedef struct entry {
    snap before;
    bool unrecorded;
} entry;

typedef struct fz {
    carc_game *g;
    carc_game *scratch; /* copy target; created with other options */
    carc_movelist *ml, *ml2;
    uint32_t players, modules, variants;
    uint32_t el;         /* the rule elements of modules (tu_elements) */
    unsigned step;       /* operations so far */
    unsigned loads;      /* carc_game_load calls so far */
    unsigned pictures;   /* pictures so far */
    bool full;           /* this step does the expensive checks */
    /* the undo model */
    entry *stack;
    size_t depth, cap;
    bool unknown_base; /* the game may undo past the stack (a loaded game) */
    bool pending;      /* a tile choice is open (undo takes it back, a move joins it) */
    bool unrecorded;   /* a chosen tile not played yet: the record does not carry it */
    bool diverged;     /* the pile no longer follows the record (CARC_GAME_NO_UNDO choices) */
    bool no_undo;      /* CARC_GAME_NO_UNDO: no journal, nothing to undo */
    bool base_full;    /* the bottom of the stack had its full fingerprint */
    int32_t scores[8];
    fz_learn *learn;   /* the learning environment's state (op learn) */
} fz;

static void snap_take(fz *z, const carc_game *g, unsigned flags, bool full, snap *s)
{
    summarize(g, &s->s);
    s->flags = flags;
    s->full = full || z->full ? fingerprint(g, flags) : NULL;
}

/* g must look as it did in s (frees s). */
static void snap_check(snap *s, const carc_game *g, const char *what)
{
    summary now;
    summarize(g, &now);
    same_summary(&s->s, &now, s->flags, what);
    if (s->full)
        same_fp(s->full, fingerprint(g, s->flags));
    s->full = NULL;
}

static void snap_free(snap *s)
{
    fp_free(s->full);
    s->full = NULL;
}

/* Two games look alike. */
static void same_games(fz *z, const carc_game *a, const carc_game *b, unsigned flags, const char *what)
{
    summary x, y;
    summarize(a, &x);
    summarize(b, &y);
    same_summary(&x, &y, flags, what);
    if (z->full)
        same_fp(fingerprint(a, flags), fingerprint(b, flags));
}

static void push(fz *z, snap *before)
{
    grow(&z->stack, &z->cap, z->depth + 1, sizeof *z->stack, 64);
    z->stack[z->depth].before = *before;
    z->stack[z->depth].unrecorded = z->unrecorded;
    z->depth++;
}

static void clear_stack(fz *z)
{
    while (z->depth)
        snap_free(&z->stack[--z->depth].before);
    z->base_full = false;
}

static bool over(const carc_game *g)
{
    bool o = true;
    FZ_OK(carc_game_is_over(&o, g));
    return o;
}

/* The player whose turn it is: the player to move, or during the Count's
 * decisions (carc_game_current_player names the player asked then) the one
 * who placed the last tile (the last place move of the history). */
static uint32_t placer_of(const carc_game *g)
{
    carc_pending pd;
    uint32_t p = 0, n = 0;
    pending_of(g, &pd);
    FZ_OK(carc_game_current_player(&p, g));
    if (pd.decision < CARC_DECISION_EXIT)
        return p;
    FZ_CHECK(p == pd.player);
    FZ_OK(carc_game_history_count(&n, g));
    while (n-- > 0) {
        carc_history_entry h = history_at(g, n);
        if (h.kind == CARC_HISTORY_PLACE && h.move.kind == CARC_MOVE_PLACE)
            return h.player;
    }
    FZ_CHECK(!"a decision of the Count before any tile was placed");
    return 0;
}

/* Whether a decision of the Count (exit, quarter, count) is pending. */
static bool coc_decision(const carc_game *g)
{
    carc_pending pd;
    pending_of(g, &pd);
    return pd.decision >= CARC_DECISION_EXIT && pd.decision <= CARC_DECISION_COUNT;
}

static void take_scores(fz *z)
{
    for (uint32_t p = 0; p < z->players; p++)
        FZ_OK(carc_game_score(&z->scores[p], z->g, p));
}

/* River tiles left to draw (0 without the River). Not counted once more
 * than 12 tiles lie on the board: River tiles come first (checked while at
 * most 12 lie there), so none can be left then. */
static uint32_t river_left(const fz *z)
{
    uint32_t n = 0, tiles = 0, hist = 0;
    if (!(z->modules & CARC_MODULE_RIVER))
        return 0;
    FZ_OK(carc_game_tile_count(&tiles, z->g));
    if (z->modules & CARC_MODULE_COUNT)
        tiles -= 12; /* the City of Carcassonne's tiles lie there from the start */
    if (tiles > 12)
        return 0;
    FZ_OK(carc_game_history_count(&hist, z->g));
    if (hist + 1 == tiles && !over(z->g))
        return 12 - tiles; /* nothing discarded, nothing but River tiles placed (checked on the way) */
    for (uint32_t k = 0; k < n_kinds; k++)
        if (river_kind[k]) {
            uint32_t c = 0;
            FZ_OK(carc_game_remaining_of(&c, z->g, k));
            n += c;
        }
    return n;
}

/* River tiles left to draw that can be placed now, but for kind `except`.
 * With the Count the City of Carcassonne can hem the river in: the River
 * tiles left are then unplaceable, and discarded when drawn. */
static uint32_t river_placeable(const fz *z, uint32_t except)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < n_kinds; k++) {
        uint32_t c = 0;
        if (!river_kind[k] || k == except)
            continue;
        FZ_OK(carc_game_remaining_of(&c, z->g, k));
        if (c == 0)
            continue;
        FZ_OK(carc_game_placements(z->ml2, z->g, k, 0));
        n += carc_movelist_count(z->ml2) > 0;
    }
    return n;
}

/* The status carc_game_choose_tile must give for `kind`. */
static carc_status choose_status(const fz *z, uint32_t kind)
{
    uint32_t left = 0;
    if (kind >= n_kinds)
        return CARC_ERANGE;
    if (over(z->g))
        return CARC_EGAME_OVER;
    if (coc_decision(z->g))
        return CARC_EILLEGAL; /* a tile is chosen when one is to be placed */
    FZ_OK(carc_game_remaining_of(&left, z->g, kind));
    if (left == 0)
        return CARC_ENOT_IN_BAG;
    uint32_t rl = river_left(z);
    if (rl && (!river_kind[kind] || (kind == lake_kind && rl > 1))) {
        /* River tiles first, the lake last of them; but River tiles that
         * cannot be placed do not hold the others back (they are discarded
         * when drawn: the tile to place is then a land tile; refused before
         * c551841) */
        return river_placeable(z, kind) == 0 ? CARC_OK : CARC_EILLEGAL;
    }
    return CARC_OK;
}

/* Invariants after every step (cheap: figures are conserved in total; per
 * player and kind, figure by figure, on the sampled steps). */
/* A figure on the board, by position. */
typedef struct fig_at {
    int32_t x, y;
    uint32_t segment, player, figure;
} fig_at;

#define MAX_FIGS (6 * 11 + 1) /* 7 followers, abbot, big follower, builder, pig */

static uint32_t figures_now(const carc_game *g, fig_at *out)
{
    uint32_t n = 0;
    FZ_OK(carc_game_figure_count(&n, g));
    FZ_CHECK(n < MAX_FIGS);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi = figure_at(g, i);
        fig_at f = { fi.x, fi.y, fi.segment, fi.player, fi.figure };
        out[i] = f;
    }
    return n;
}

static uint32_t feature_at(const carc_game *g, int32_t x, int32_t y, uint32_t segment)
{
    uint32_t f = UINT32_MAX;
    FZ_OK(carc_game_feature_at(&f, g, x, y, segment));
    return f;
}

/* Ruling T-7: a builder or pig shares its feature with a follower (or big
 * follower) of its owner's. */
static void builders_joined(fz *z, uint32_t n)
{
    fig_at figs[MAX_FIGS];
    uint32_t feat[MAX_FIGS];
    FZ_CHECK(figures_now(z->g, figs) == n);
    for (uint32_t i = 0; i < n; i++)
        feat[i] = feature_at(z->g, figs[i].x, figs[i].y, figs[i].segment);
    for (uint32_t i = 0; i < n; i++) {
        if (figs[i].figure != CARC_FIGURE_BUILDER && figs[i].figure != CARC_FIGURE_PIG)
            continue;
        bool joined = false;
        for (uint32_t j = 0; j < n && !joined; j++)
            joined = feat[j] == feat[i] && figs[j].player == figs[i].player &&
                     (figs[j].figure == CARC_FIGURE_FOLLOWER || figs[j].figure == CARC_FIGURE_BIG);
        if (!joined)
            fprintf(stderr, "fuzz_api: player %u's %s at (%d,%d) segment %u stands alone\n", figs[i].player,
                    figs[i].figure == CARC_FIGURE_PIG ? "pig" : "builder", (int)figs[i].x, (int)figs[i].y,
                    figs[i].segment);
        FZ_CHECK(joined);
    }
}

static void invariants(fz *z)
{
    uint32_t n = 0, followers[8] = { 0 }, abbots[8] = { 0 }, bigs[8] = { 0 }, builders[8] = { 0 }, pigs[8] = { 0 };
    uint32_t u, away = 0;
    uint32_t per_abbot = (z->el & CARC_MODULE_ABBOT_FIGURE) ? 1u : 0u;
    uint32_t per_big = (z->el & CARC_MODULE_BIG_FOLLOWER) ? 1u : 0u;
    uint32_t per_builder = (z->el & CARC_MODULE_BUILDER) ? 1u : 0u;
    uint32_t per_pig = (z->el & CARC_MODULE_PIG) ? 1u : 0u;
    bool can = false, is_over = over(z->g);
    FZ_OK(carc_game_figure_count(&n, z->g));
    if (z->full)
        for (uint32_t i = 0; i < n; i++) {
            carc_figure_info fi = figure_at(z->g, i);
            FZ_CHECK(fi.player < z->players);
            FZ_CHECK(fi.figure == CARC_FIGURE_FOLLOWER || (fi.figure == CARC_FIGURE_ABBOT && per_abbot) ||
                     (fi.figure == CARC_FIGURE_BIG && per_big) || (fi.figure == CARC_FIGURE_BUILDER && per_builder) ||
                     (fi.figure == CARC_FIGURE_PIG && per_pig));
            (fi.figure == CARC_FIGURE_FOLLOWER  ? followers
             : fi.figure == CARC_FIGURE_BIG     ? bigs
             : fi.figure == CARC_FIGURE_BUILDER ? builders
             : fi.figure == CARC_FIGURE_PIG     ? pigs
                                                : abbots)[fi.player]++;
            /* on a segment its rules allow: the abbot on a monastery or garden;
             * a follower (or big follower) on a road, city, monastery, or
             * field with farmers */
            carc_move t;
            carc_segment_info si = SIZED(carc_segment_info);
            FZ_OK(carc_game_tile_at(&t, z->g, fi.x, fi.y));
            FZ_OK(carc_tile_segment(&si, t.tile, t.rotation, fi.segment));
            if (fi.figure == CARC_FIGURE_ABBOT)
                FZ_CHECK(si.kind == CARC_SEG_MONASTERY || si.kind == CARC_SEG_GARDEN);
            else if (fi.figure == CARC_FIGURE_BUILDER)
                FZ_CHECK(si.kind == CARC_SEG_ROAD || si.kind == CARC_SEG_CITY);
            else if (fi.figure == CARC_FIGURE_PIG)
                FZ_CHECK(si.kind == CARC_SEG_FIELD);
            else
                FZ_CHECK(si.kind == CARC_SEG_ROAD || si.kind == CARC_SEG_CITY || si.kind == CARC_SEG_MONASTERY ||
                         (si.kind == CARC_SEG_FIELD && (z->modules & CARC_MODULE_FARMERS)));
        }
    bool count = (z->modules & CARC_MODULE_COUNT) != 0;
    for (uint32_t p = 0; p < z->players; p++) {
        int32_t s;
        uint32_t a, b, bu, pg, in_city = 0, big_in = 0;
        /* the Count: followers and the big follower in the city count as away
         * (without him, the city is checked empty on the sampled steps) */
        for (uint32_t q = 0; q < 4 && (count || z->full); q++) {
            uint32_t c = 0;
            FZ_OK(carc_game_city(&c, z->g, q, p, CARC_FIGURE_FOLLOWER));
            in_city += c;
            FZ_OK(carc_game_city(&c, z->g, q, p, CARC_FIGURE_BIG));
            big_in += c;
        }
        FZ_CHECK(count || in_city + big_in == 0);
        FZ_CHECK(big_in <= per_big);
        FZ_OK(carc_game_supply(&u, z->g, p));
        FZ_OK(carc_game_figure_supply(&a, z->g, p, CARC_FIGURE_ABBOT));
        FZ_OK(carc_game_figure_supply(&b, z->g, p, CARC_FIGURE_BIG));
        FZ_OK(carc_game_figure_supply(&bu, z->g, p, CARC_FIGURE_BUILDER));
        FZ_OK(carc_game_figure_supply(&pg, z->g, p, CARC_FIGURE_PIG));
        /* one builder with Traders & Builders, one pig with it and farmers, none else */
        FZ_CHECK(u <= 7 && a <= per_abbot && b <= per_big && bu <= per_builder && pg <= per_pig);
        FZ_CHECK(u + in_city <= 7 && b + big_in <= per_big);
        away += 7 - u - in_city + per_abbot - a + per_big - b - big_in + per_builder - bu + per_pig - pg;
        if (z->full) {
            FZ_CHECK(u + followers[p] + in_city == 7); /* follower conservation */
            FZ_CHECK(a + abbots[p] == per_abbot);   /* abbot conservation */
            FZ_CHECK(b + bigs[p] + big_in == per_big); /* big follower conservation */
            FZ_CHECK(bu + builders[p] == per_builder); /* builder conservation */
            FZ_CHECK(pg + pigs[p] == per_pig);         /* pig conservation */
        }
        FZ_OK(carc_game_score(&s, z->g, p));
        FZ_CHECK(s >= z->scores[p]); /* scores never decrease during play */
        FZ_CHECK(s >= 0);
    }
    FZ_CHECK(away == n); /* every figure not in supply is on the board */
    if (z->full && per_builder)
        builders_joined(z, n);
    take_scores(z);
    FZ_OK(carc_game_can_undo(&can, z->g));
    if (z->no_undo)
        FZ_CHECK(!can && z->depth == 0);
    else if (z->depth > 0)
        FZ_CHECK(can);
    else if (!z->unknown_base)
        FZ_CHECK(!can);
    uint32_t tile = 0, cur = 0, where = 9;
    carc_status st = carc_game_current_tile(&tile, z->g);
    carc_pending pd;
    pending_of(z->g, &pd);
    bool coc = pd.decision >= CARC_DECISION_EXIT && pd.decision <= CARC_DECISION_COUNT;
    /* (during the Count's decisions the pile may be empty: the last tile's part, the final round) */
    FZ_CHECK(is_over ? st == CARC_ENOTFOUND
                     : ((st == CARC_OK && tile < n_kinds) || (coc && st == CARC_ENOTFOUND)));
    if (is_over)
        FZ_CHECK(!z->pending);
    FZ_CHECK(carc_game_count(&where, z->g) == (count ? CARC_OK : CARC_EILLEGAL));
    FZ_CHECK(count ? where < 4 : where == 9);
    /* the pending decision: a place decision of the player to move, for the
     * current tile (with Traders & Builders it may be the optional second
     * tile), or with the Count one of his (optional, no tile; the final
     * round's exits flagged), none at the end */
    FZ_OK(carc_game_current_player(&cur, z->g));
    if (is_over) {
        FZ_CHECK(pd.decision == CARC_DECISION_NONE && pd.player == 0 && pd.tile == 0 && pd.flags == 0);
    } else if (coc) {
        FZ_CHECK(count && pd.player < z->players && pd.tile == 0 && (pd.part == 1 || pd.part == 2));
        FZ_CHECK(pd.flags == CARC_PENDING_OPTIONAL ||
                 (pd.decision == CARC_DECISION_EXIT && pd.flags == (CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL)));
        FZ_CHECK(!z->pending); /* no tile choice is open during a decision */
        FZ_CHECK(pd.player == cur); /* the current player is the player asked */
    } else {
        FZ_CHECK(pd.decision == CARC_DECISION_PLACE && pd.player == cur && pd.tile == tile);
        if (pd.part == 2)
            FZ_CHECK((z->el & CARC_MODULE_BUILDER) && pd.flags == (CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE));
        else
            FZ_CHECK(pd.part == 1 && pd.flags == 0);
        uint32_t rl = river_left(z);
        if (rl && (!river_kind[tile] || (tile == lake_kind && rl > 1)))
            /* River tiles first, the lake last of them: those that cannot be placed aside */
            FZ_CHECK(river_placeable(z, tile) == 0);
    }
}

/* Before an undoable action that succeeded: a new undo unit starts unless a
 * tile choice is open (the action then joins its unit). */
static void began(fz *z, snap *before)
{
    if (z->pending || z->no_undo)
        snap_free(before);
    else
        push(z, before);
}

/* The snapshot before an undoable action: the bottom of the stack gets the
 * full fingerprint (the end of the input unwinds to it), once: an undo back
 * to the bottom checked the state it returns to. */
static void take_before(fz *z, snap *s)
{
    bool bottom = z->depth == 0 && !z->pending && !z->no_undo && !z->base_full;
    snap_take(z, z->g, FP_WITH_PENDING, bottom, s);
    z->base_full |= bottom;
}

/* (field by field: a memcmp would be intercepted, and lists are long) */
static bool same_move(const carc_move *a, const carc_move *b)
{
    return a->x == b->x && a->y == b->y && a->tile == b->tile && a->rotation == b->rotation &&
           a->figure == b->figure && a->segment == b->segment && a->kind == b->kind && a->quarter == b->quarter &&
           a->reserved == b->reserved;
}

static bool in_list(const carc_movelist *l, const carc_move *m)
{
    const carc_move *d = carc_movelist_data(l);
    for (size_t i = 0, n = carc_movelist_count(l); i < n; i++)
        if (same_move(&d[i], m))
            return true;
    return false;
}

/* Whether l (the legal moves of g) takes m: listed, or (the Count) an exit
 * onto another segment of a feature a listed exit of the same quarter and
 * figure goes to (the list names each feature once, by its root segment;
 * carc_game_check_move takes every segment of it). */
static bool legal_by_list(const carc_game *g, const carc_movelist *l, const carc_move *m)
{
    if (in_list(l, m))
        return true;
    if (m->kind != CARC_MOVE_EXIT || m->tile || m->rotation || m->reserved)
        return false;
    carc_move t;
    uint32_t nseg = 0, f = 0;
    if (carc_game_tile_at(&t, g, m->x, m->y) != CARC_OK)
        return false;
    FZ_OK(carc_tile_segment_count(&nseg, t.tile));
    if (m->segment >= nseg)
        return false;
    FZ_OK(carc_game_feature_at(&f, g, m->x, m->y, m->segment));
    const carc_move *d = carc_movelist_data(l);
    for (size_t i = 0, n = carc_movelist_count(l); i < n; i++) {
        uint32_t fi = 0;
        if (d[i].kind != CARC_MOVE_EXIT || d[i].quarter != m->quarter || d[i].figure != m->figure)
            continue;
        FZ_OK(carc_game_feature_at(&fi, g, d[i].x, d[i].y, d[i].segment));
        if (fi == f)
            return true;
    }
    return false;
}

/* Enumeration = check (sampled): every listed move is legal, random variants
 * of them are legal iff listed, a pass iff the decision is optional. */
static void enumeration_is_check(fz *z, uint64_t seed)
{
    if (carc_game_legal_moves(z->ml2, z->g, 0) != CARC_OK) {
        FZ_CHECK(over(z->g));
        return;
    }
    const carc_move *d = carc_movelist_data(z->ml2);
    size_t n = carc_movelist_count(z->ml2);
    FZ_CHECK(n > 0);
    for (size_t i = 0; i < n; i++)
        FZ_OK(carc_game_check_move(z->g, &d[i]));
    carc_pending pd;
    pending_of(z->g, &pd);
    carc_move pass = pass_move();
    bool optional = (pd.flags & CARC_PENDING_OPTIONAL) != 0;
    FZ_CHECK((carc_game_check_move(z->g, &pass) == CARC_OK) == optional);
    FZ_CHECK(in_list(z->ml2, &pass) == optional);
    uint64_t r = seed | 1;
    for (int k = 0; k < 8; k++) {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        carc_move m = d[r % n];
        switch ((r >> 20) % 6) {
        case 0:
            m.x += (int32_t)((r >> 28) % 3) - 1;
            m.y += (int32_t)((r >> 32) % 3) - 1;
            break;
        case 1:
            m.rotation = (uint8_t)((m.rotation + 1) & 3);
            break;
        case 2: /* any figure kind, the builder and the pig too */
            m.figure = (uint8_t)((r >> 28) % 6);
            m.segment = (uint8_t)((r >> 32) % 12);
            break;
        case 3:
            m.figure = CARC_FIGURE_ABBOT;
            m.segment = CARC_SEGMENT_RECALL;
            break;
        case 4:
            m.figure = CARC_FIGURE_NONE;
            m.segment = CARC_NO_SEGMENT;
            break;
        default:
            m.tile = (uint16_t)((r >> 28) % n_kinds);
            break;
        }
        FZ_CHECK((carc_game_check_move(z->g, &m) == CARC_OK) == legal_by_list(z->g, z->ml2, &m));
    }
}

/* ------------------------------------------------------------ scores */

/* Majority weight: the follower and the abbot 1, the big follower 2, the
 * builder and the pig 0 (they never count). */
static uint32_t strength_of(uint32_t figure)
{
    FZ_CHECK(figure >= CARC_FIGURE_FOLLOWER && figure <= CARC_FIGURE_PIG);
    return figure == CARC_FIGURE_BIG ? 2u : figure >= CARC_FIGURE_BUILDER ? 0u : 1u;
}

/* The players with the greatest strength among `figs` standing on feature f of g. */
static uint32_t majority_of(const carc_game *g, uint32_t f, const fig_at *figs, uint32_t n, uint32_t *count)
{
    uint32_t power[8] = { 0 }, best = 0, mask = 0;
    *count = 0;
    for (uint32_t i = 0; i < n; i++)
        if (feature_at(g, figs[i].x, figs[i].y, figs[i].segment) == f) {
            FZ_CHECK(figs[i].player < 8);
            power[figs[i].player] += strength_of(figs[i].figure);
            (*count)++;
        }
    for (uint32_t p = 0; p < 8; p++)
        if (power[p] > best)
            best = power[p];
    for (uint32_t p = 0; best && p < 8; p++)
        if (power[p] == best)
            mask |= 1u << p;
    return mask;
}

/* A feature's score event has the value of its rule, from the feature's
 * tiles, pennants and marks and the game's rule elements `el`: an inn road
 * 2 per tile completed, 0 at the end (with the element inn); a cathedral
 * city 3 per tile and pennant completed, 0 at the end (with the element
 * cathedral); else the base game's; the bonus says which. */
static void check_value(uint32_t el, const carc_game *g, const carc_event *e)
{
    carc_feature_info fe = SIZED(carc_feature_info);
    FZ_OK(carc_game_feature(&fe, g, feature_at(g, e->x, e->y, e->segment)));
    FZ_CHECK(fe.kind == e->feature_kind && (fe.value == e->points || e->bonus == CARC_BONUS_PIG));
    bool complete = e->kind == CARC_EVENT_SCORE;
    int32_t t = (int32_t)fe.tiles, p = (int32_t)fe.pennants;
    if (fe.kind == CARC_SEG_ROAD) {
        bool mark = (fe.special & CARC_SEGMENT_INN) != 0, inn = mark && (el & CARC_MODULE_INN);
        FZ_CHECK(fe.special == (mark ? (uint32_t)CARC_SEGMENT_INN : 0u));
        FZ_CHECK(e->bonus == (inn ? (uint32_t)CARC_BONUS_INN : 0u));
        FZ_CHECK(e->points == (inn ? (complete ? 2 * t : 0) : t));
        FZ_CHECK(e->tiles == fe.tiles);
    } else if (fe.kind == CARC_SEG_CITY) {
        bool mark = (fe.special & CARC_SEGMENT_CATHEDRAL) != 0, cathedral = mark && (el & CARC_MODULE_CATHEDRAL);
        const uint32_t goods = CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN | CARC_SEGMENT_CLOTH;
        FZ_CHECK((fe.special & ~goods) == (mark ? (uint32_t)CARC_SEGMENT_CATHEDRAL : 0u));
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) /* a symbol's mark iff the city has one */
            FZ_CHECK(((fe.special & CARC_SEGMENT_GOOD(k)) != 0) == (fe.goods[k] != 0));
        FZ_CHECK(e->bonus == (cathedral ? (uint32_t)CARC_BONUS_CATHEDRAL : 0u));
        FZ_CHECK(e->points == (cathedral ? (complete ? 3 * (t + p) : 0) : (complete ? 2 * (t + p) : t + p)));
        FZ_CHECK(e->tiles == fe.tiles);
    } else if (fe.kind == CARC_SEG_FIELD && e->bonus) {
        /* a majority holder's pig: 4 per completed city instead of 3 (the
         * City of Carcassonne counts as one, C-15: the mark CARC_SEGMENT_COC) */
        FZ_CHECK(e->bonus == CARC_BONUS_PIG && (fe.special & ~(uint32_t)CARC_SEGMENT_COC) == 0 && !complete);
        FZ_CHECK(fe.value % 3 == 0 && e->points == fe.value / 3 * 4);
    } else if (fe.kind == CARC_SEG_FIELD) {
        /* a field along the City of Carcassonne (the Count only): 3 for it among its cities */
        FZ_CHECK(e->bonus == 0 && (fe.special & ~(uint32_t)CARC_SEGMENT_COC) == 0);
        FZ_CHECK(!(fe.special & CARC_SEGMENT_COC) || (g_modules & CARC_MODULE_COUNT));
        FZ_CHECK(fe.value % 3 == 0 && (!(fe.special & CARC_SEGMENT_COC) || fe.value >= 3));
    } else {
        FZ_CHECK(e->bonus == 0 && fe.special == 0);
    }
    if (fe.kind != CARC_SEG_CITY)
        FZ_CHECK(fe.goods[0] == 0 && fe.goods[1] == 0 && fe.goods[2] == 0);
}

/* The events of a move from ev0: each value by its rule (those with a bonus
 * always, every one when `all`); with the figures that stood on the board
 * before the move (`before`, or NULL), each feature it completed went to the
 * players of greatest strength among them (and the figure it placed), and
 * they went home; a final score (the move ended the game) to those of the
 * figures still there. */
static void check_move_events(fz *z, const carc_move *m, uint32_t player, uint32_t decider, const fig_at *before,
                              uint32_t nb, uint32_t ev0, bool all)
{
    uint32_t ev1 = 0, nnow = 0;
    fig_at with[MAX_FIGS + 1], now[MAX_FIGS];
    bool have_now = false, goods = (z->el & CARC_MODULE_GOODS) != 0, pigs = (z->el & CARC_MODULE_PIG) != 0;
    /* Traders & Builders: a field's final score may come in two events (the
     * majority holders with their pig there score more): their union is the
     * majority */
    uint32_t split_f[MAX_FIGS], split_players[MAX_FIGS], split_want[MAX_FIGS], nsplit = 0;
    FZ_OK(carc_game_event_count(&ev1, z->g));
    if (before) {
        memcpy(with, before, nb * sizeof *with);
        if (m->kind == CARC_MOVE_PLACE && m->figure != CARC_FIGURE_NONE && m->segment != CARC_SEGMENT_RECALL) {
            fig_at f = { m->x, m->y, m->segment, player, m->figure };
            with[nb++] = f;
        } else if (m->kind == CARC_MOVE_EXIT) { /* the Count: out of the city onto the feature */
            fig_at f = { m->x, m->y, m->segment, decider, m->figure };
            with[nb++] = f;
        }
    }
    for (uint32_t i = ev0; i < ev1; i++) {
        carc_event e = event_at(z->g, i);
        if (e.kind == CARC_EVENT_GOODS || e.kind == CARC_EVENT_TRADE) {
            FZ_CHECK(goods && e.bonus == 0 && e.good < CARC_GOOD_COUNT && e.players != 0);
            continue; /* checked with the tokens (goods_checked) */
        }
        FZ_CHECK(e.good == 0);
        if (e.kind != CARC_EVENT_SCORE && e.kind != CARC_EVENT_FINAL) {
            FZ_CHECK(e.bonus == 0);
            continue;
        }
        /* a bonus only from its element */
        FZ_CHECK(e.bonus == 0 || (e.bonus == CARC_BONUS_INN && (z->el & CARC_MODULE_INN)) ||
                 (e.bonus == CARC_BONUS_CATHEDRAL && (z->el & CARC_MODULE_CATHEDRAL)) ||
                 (e.bonus == CARC_BONUS_PIG && pigs));
        if (all || e.bonus)
            check_value(z->el, z->g, &e);
        if (!before)
            continue;
        uint32_t count = 0, want;
        uint32_t f = feature_at(z->g, e.x, e.y, e.segment);
        if (e.kind == CARC_EVENT_SCORE) {
            want = majority_of(z->g, f, with, nb, &count);
            FZ_CHECK(e.returned == count);
        } else {
            if (!have_now) {
                nnow = figures_now(z->g, now);
                have_now = true;
            }
            want = majority_of(z->g, f, now, nnow, &count);
            FZ_CHECK(e.returned == 0);
            if (pigs && e.feature_kind == CARC_SEG_FIELD) {
                /* each player of a pig event has his pig on the field */
                if (e.bonus == CARC_BONUS_PIG)
                    for (uint32_t p = 0; p < z->players; p++) {
                        bool pig = false;
                        for (uint32_t k = 0; k < nnow && (e.players >> p & 1u) && !pig; k++)
                            pig = now[k].player == p && now[k].figure == CARC_FIGURE_PIG &&
                                  feature_at(z->g, now[k].x, now[k].y, now[k].segment) == f;
                        FZ_CHECK(pig || !(e.players >> p & 1u));
                    }
                uint32_t k = 0;
                while (k < nsplit && split_f[k] != f)
                    k++;
                if (k == nsplit) {
                    FZ_CHECK(nsplit < MAX_FIGS);
                    split_f[k] = f;
                    split_players[k] = 0;
                    split_want[k] = want;
                    nsplit++;
                }
                FZ_CHECK((split_players[k] & e.players) == 0); /* each holder scores once */
                split_players[k] |= e.players;
                FZ_CHECK((e.players & ~want) == 0 && e.players != 0);
                continue;
            }
        }
        if (e.players != want)
            fprintf(stderr, "fuzz_api: the feature at (%d,%d) scored for %#x; the figures on it give %#x\n", (int)e.x,
                    (int)e.y, e.players, want);
        FZ_CHECK(e.players == want && want != 0);
    }
    for (uint32_t k = 0; k < nsplit; k++)
        FZ_CHECK(split_players[k] == split_want[k]);
}

/* Traders & Builders: the tokens a move took (goods0: before it) are its
 * CARC_EVENT_GOODS events, all for the player who moved, as many of each
 * kind as the symbols of the cities it completed; at the end, one
 * CARC_EVENT_TRADE of 10 per kind somebody holds, to those with the most. */
static void goods_checked(fz *z, uint32_t player, uint32_t goods0[8][CARC_GOOD_COUNT], uint32_t ev0)
{
    uint32_t ev1 = 0, took[8][CARC_GOOD_COUNT], trades = 0, trade_mask[CARC_GOOD_COUNT] = { 0 };
    uint32_t feats[32], nfeat = 0, feat_goods[32][CARC_GOOD_COUNT];
    memset(took, 0, sizeof took);
    FZ_OK(carc_game_event_count(&ev1, z->g));
    for (uint32_t i = ev0; i < ev1; i++) {
        carc_event e = event_at(z->g, i);
        if (e.kind == CARC_EVENT_GOODS) {
            FZ_CHECK(e.players == 1u << player && e.points == 0 && e.feature_kind == CARC_SEG_CITY);
            took[player][e.good]++;
            uint32_t f = feature_at(z->g, e.x, e.y, e.segment), k = 0;
            while (k < nfeat && feats[k] != f)
                k++;
            if (k == nfeat) {
                FZ_CHECK(nfeat < 32);
                feats[k] = f;
                memset(feat_goods[k], 0, sizeof feat_goods[k]);
                nfeat++;
            }
            feat_goods[k][e.good]++;
        } else if (e.kind == CARC_EVENT_TRADE) {
            FZ_CHECK(over(z->g) && e.points == 10 && e.segment == CARC_NO_SEGMENT && e.tiles == 0);
            FZ_CHECK(!(trades >> e.good & 1u)); /* once per kind */
            trades |= 1u << e.good;
            trade_mask[e.good] = e.players;
        }
    }
    /* each city completed gave one token per symbol in it */
    for (uint32_t k = 0; k < nfeat; k++) {
        carc_feature_info fe = SIZED(carc_feature_info);
        FZ_OK(carc_game_feature(&fe, z->g, feats[k]));
        FZ_CHECK(fe.kind == CARC_SEG_CITY && fe.complete);
        for (uint32_t g = 0; g < CARC_GOOD_COUNT; g++)
            FZ_CHECK(fe.goods[g] == feat_goods[k][g]);
    }
    bool ended = over(z->g); /* by this move (a legal move is made in play) */
    for (uint32_t g = 0; g < CARC_GOOD_COUNT; g++) {
        uint32_t best = 0, mask = 0;
        for (uint32_t p = 0; p < z->players; p++) {
            uint32_t u = 0;
            FZ_OK(carc_game_goods(&u, z->g, p, g));
            FZ_CHECK(u == goods0[p][g] + took[p][g]);
            if (u > best) {
                best = u;
                mask = 0;
            }
            if (u && u == best)
                mask |= 1u << p;
        }
        if (ended)
            FZ_CHECK(trade_mask[g] == mask); /* nobody holds it: no event (T-2) */
    }
}

/* ------------------------------------------------------------ operations */

/* Tiles in the 3x3 square centred on (x, y). */
static int32_t tiles_around(const carc_game *g, int32_t x, int32_t y)
{
    int32_t n = 0;
    carc_move t;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++)
            n += carc_game_tile_at(&t, g, x + dx, y + dy) == CARC_OK;
    return n;
}

/* The Count: what a move did to the city and who is asked next. An exit
 * takes one figure out of its quarter; a follower into a quarter comes from
 * supply, and the Count's move is asked next, of the same player; the Count
 * moves where he is sent; a pass changes neither. A follower into the city
 * is asked for (C-1..C-5, C-19, C-20) only after a scoring in which an
 * opponent of the placer got points (CARC_EVENT_SCORE) and the placer none,
 * when he has a follower or the big follower in supply; and then always
 * (but with the variant coc-per-part no, which allows it once a turn). */
static void count_checked(fz *z, const carc_move *m, uint32_t placer, const carc_pending *pd0, const summary *s0,
                          uint32_t ev0)
{
    summary s1;
    carc_pending pd1;
    uint32_t ev1 = 0, d = pd0->player, q = m->quarter;
    summarize(z->g, &s1);
    pending_of(z->g, &pd1);
    if (m->kind == CARC_MOVE_EXIT) {
        FZ_CHECK(pd0->decision == CARC_DECISION_EXIT && q < 4 && q != s0->count);
        if (m->figure == CARC_FIGURE_BIG)
            FZ_CHECK(s0->big_in[d] == q + 1 && s1.big_in[d] == 0);
        else
            FZ_CHECK(s0->city[d][q] >= 1 && s1.city[d][q] == s0->city[d][q] - 1);
    } else if (m->kind == CARC_MOVE_QUARTER) {
        FZ_CHECK(pd0->decision == CARC_DECISION_QUARTER && d == placer && q < 4);
        if (m->figure == CARC_FIGURE_BIG)
            FZ_CHECK(s0->big[d] == 1 && s1.big[d] == 0 && s0->big_in[d] == 0 && s1.big_in[d] == q + 1);
        else
            FZ_CHECK(s1.supply[d] == s0->supply[d] - 1 && s1.city[d][q] == s0->city[d][q] + 1);
        FZ_CHECK(pd1.decision == CARC_DECISION_COUNT && pd1.player == d); /* C-9 */
        FZ_CHECK(s1.count == s0->count);
    } else if (m->kind == CARC_MOVE_COUNT) {
        FZ_CHECK(pd0->decision == CARC_DECISION_COUNT && q != s0->count && s1.count == q);
    } else {
        FZ_CHECK(s1.count == s0->count);
        if (m->kind == CARC_MOVE_PASS && pd0->decision >= CARC_DECISION_EXIT)
            FZ_CHECK(memcmp(s0->city, s1.city, sizeof s0->city) == 0 &&
                     memcmp(s0->big_in, s1.big_in, sizeof s0->big_in) == 0);
    }
    if (m->kind != CARC_MOVE_EXIT && m->kind != CARC_MOVE_QUARTER)
        FZ_CHECK(memcmp(s0->city, s1.city, sizeof s0->city) == 0 &&
                 memcmp(s0->big_in, s1.big_in, sizeof s0->big_in) == 0);
    if (m->kind == CARC_MOVE_QUARTER || pd0->decision == CARC_DECISION_QUARTER ||
        pd0->decision == CARC_DECISION_COUNT || (pd0->flags & CARC_PENDING_FINAL))
        return; /* no scoring of a part in this move */
    /* the trigger: from the points of this move's scoring */
    int32_t pts[8] = { 0 };
    bool scored = false;
    FZ_OK(carc_game_event_count(&ev1, z->g));
    for (uint32_t i = ev0; i < ev1; i++) {
        carc_event e = event_at(z->g, i);
        if (e.kind != CARC_EVENT_SCORE)
            continue;
        scored = true;
        for (uint32_t p = 0; p < z->players; p++)
            if (e.players >> p & 1u)
                pts[p] += e.points;
    }
    bool other = false;
    for (uint32_t p = 0; p < z->players; p++)
        other |= p != placer && pts[p] > 0;
    bool may = scored && other && pts[placer] == 0 && (s1.supply[placer] > 0 || s1.big[placer] > 0);
    if (trace && (z->modules & CARC_MODULE_COUNT) && scored)
        fprintf(stderr, "  scored: placer %u got %d, an opponent %s; into the city: %s\n", placer, (int)pts[placer],
                other ? "scored" : "did not", pd1.decision == CARC_DECISION_QUARTER ? "asked" : "not asked");
    bool asked = pd1.decision == CARC_DECISION_QUARTER;
    if (asked)
        FZ_CHECK(may && pd1.player == placer && (z->modules & CARC_MODULE_COUNT));
    else if (z->modules & CARC_MODULE_COUNT)
        FZ_CHECK(!may || (z->variants & CARC_VARIANT_COC_ONCE_PER_TURN));
}

static void play_checked(fz *z, const carc_move *m)
{
    snap before;
    uint32_t player = 0, ev0 = 0, ev1 = 0, u = 0, nf = 0, nb = 0, builder0 = 0, tile0 = 0, left0 = 0;
    uint32_t goods0[8][CARC_GOOD_COUNT];
    bool goods = (z->el & CARC_MODULE_GOODS) != 0, builder = (z->el & CARC_MODULE_BUILDER) != 0;
    carc_pending pd0, pd1;
    int32_t ax = 0, ay = 0;
    bool recall = m->kind == CARC_MOVE_PLACE && m->segment == CARC_SEGMENT_RECALL, found = false;
    /* majorities: on sampled steps, and every other move with Inns & Cathedrals */
    bool majorities = z->full || ((z->el & CARC_MODULE_BIG_FOLLOWER) && (z->step & 1u));
    fig_at figs[MAX_FIGS];
    FZ_OK(carc_game_current_player(&player, z->g)); /* (during the Count's decisions: the player asked) */
    uint32_t placer = (z->modules & CARC_MODULE_COUNT) ? placer_of(z->g) : player;
    FZ_OK(carc_game_event_count(&ev0, z->g));
    if (majorities)
        nb = figures_now(z->g, figs);
    pending_of(z->g, &pd0);
    bool coc0 = pd0.decision >= CARC_DECISION_EXIT && pd0.decision <= CARC_DECISION_COUNT;
    if (carc_game_current_tile(&tile0, z->g) != CARC_OK) {
        FZ_CHECK(coc0); /* (the pile may be empty during the Count's decisions) */
        tile0 = UINT32_MAX;
    }
    FZ_OK(carc_game_remaining(&left0, z->g));
    if (builder)
        FZ_OK(carc_game_figure_supply(&builder0, z->g, placer, CARC_FIGURE_BUILDER));
    if (goods) {
        for (uint32_t p = 0; p < z->players; p++)
            for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
                FZ_OK(carc_game_goods(&goods0[p][k], z->g, p, k));
    }
    if (recall) {
        /* where the abbot stands */
        FZ_OK(carc_game_figure_count(&nf, z->g));
        for (uint32_t i = 0; i < nf && !found; i++) {
            carc_figure_info fi = figure_at(z->g, i);
            if (fi.player == player && fi.figure == CARC_FIGURE_ABBOT) {
                ax = fi.x;
                ay = fi.y;
                found = true;
            }
        }
        FZ_CHECK(found);
    }
    take_before(z, &before);
    FZ_OK(carc_game_play(z->g, m));
    FZ_CHECK(carc_game_last_error(z->g)[0] == '\0');
    if (coc0 || z->modules & CARC_MODULE_COUNT)
        count_checked(z, m, placer, &pd0, &before.s, ev0);
    if (recall) {
        /* the abbot is back in supply and scored in a recall event: 1 + the
         * tiles around it, the one just placed included */
        FZ_OK(carc_game_figure_supply(&u, z->g, player, CARC_FIGURE_ABBOT));
        FZ_CHECK(u == 1);
        int32_t want = tiles_around(z->g, ax, ay);
        FZ_OK(carc_game_event_count(&ev1, z->g));
        bool seen = false;
        for (uint32_t i = ev0; i < ev1; i++) {
            carc_event e = event_at(z->g, i);
            if (e.kind == CARC_EVENT_RECALL) {
                FZ_CHECK(!seen && e.players == 1u << player && e.points == want && want >= 2 && want <= 8);
                seen = true;
            }
        }
        FZ_CHECK(seen);
    }
    check_move_events(z, m, player, pd0.player, majorities ? figs : NULL, nb, ev0, z->full);
    if (goods) /* (the goods go to the player whose tile completed the cities) */
        goods_checked(z, placer, goods0, ev0);
    /* the builder's double turn: a second tile after a first part of the
     * same player's whose builder stood on the board before it (T-5), never
     * a third; a pass declines it, and the tile stays on top of the pile */
    pending_of(z->g, &pd1);
    if (trace) {
        uint32_t c = 0;
        fprintf(stderr, "  played: kind %u figure %u (decision %u -> %u, part %u -> %u, player %u -> %u)\n", m->kind,
                m->figure, pd0.decision, pd1.decision, pd0.part, pd1.part, player, pd1.player);
        FZ_OK(carc_game_current_player(&c, z->g));
        char buf[96];
        FZ_OK(carc_move_format(buf, sizeof buf, NULL, m));
        fprintf(stderr, "  move %s; current player now %u\n", buf, c);
    }
    /* (with the Count, decisions of the part may come between a place move and
     * the second tile, and after the second tile's place move) */
    bool second0 = pd0.decision == CARC_DECISION_PLACE && pd0.part == 2;
    bool second1 = pd1.decision == CARC_DECISION_PLACE && pd1.part == 2;
    if (second1 && !second0)
        FZ_CHECK(builder && pd0.part == 1 && pd1.player == placer &&
                 (coc0 || (m->kind == CARC_MOVE_PLACE && builder0 == 0)));
    if (second0 && pd1.decision == CARC_DECISION_PLACE)
        FZ_CHECK(pd1.part == 1);
    if (m->kind == CARC_MOVE_PASS && !coc0) {
        uint32_t tile1 = 0, left1 = 0;
        FZ_CHECK(pd0.flags & CARC_PENDING_OPTIONAL);
        FZ_OK(carc_game_current_tile(&tile1, z->g));
        FZ_OK(carc_game_remaining(&left1, z->g));
        FZ_CHECK(tile1 == tile0 && left1 == left0 && pd1.player == (player + 1) % z->players);
        FZ_OK(carc_game_event_count(&ev1, z->g));
        FZ_CHECK(ev1 == ev0); /* a pass scores nothing */
    }
    began(z, &before);
    z->pending = false;
    z->unrecorded = false;
}

/* A legal move, chosen by `idx`: from the full list (bits 12-14 of idx all
 * set, or a sampled step), else a placement of the current tile and then one of its
 * figure actions (the same moves, much cheaper: the full list has the figure
 * actions of every placement). */
static bool pick_move(fz *z, uint16_t idx, carc_move *out)
{
    uint32_t flags = idx & 0x8000u ? CARC_ENUM_UNIQUE_ROTATIONS : 0, cur = 0;
    if ((idx & 0x0F00u) == 0x0F00u && !over(z->g)) {
        /* an optional decision (the builder's second tile) declined now and then */
        carc_pending pd;
        pending_of(z->g, &pd);
        if (pd.flags & CARC_PENDING_OPTIONAL) {
            *out = pass_move();
            return true;
        }
    }
    if ((idx & 0x7000u) == 0x7000u || z->full || coc_decision(z->g)) {
        carc_status st = carc_game_legal_moves(z->ml, z->g, flags);
        if (over(z->g)) {
            FZ_CHECK(st == CARC_EGAME_OVER);
            FZ_CHECK(carc_movelist_count(z->ml) == 0);
            return false;
        }
        FZ_OK(st);
        size_t n = carc_movelist_count(z->ml);
        FZ_CHECK(n > 0);
        FZ_OK(carc_movelist_get(out, z->ml, idx % n));
        return true;
    }
    if (carc_game_current_tile(&cur, z->g) != CARC_OK) {
        FZ_CHECK(over(z->g));
        return false;
    }
    FZ_OK(carc_game_placements(z->ml, z->g, cur, flags));
    size_t np = carc_movelist_count(z->ml);
    FZ_CHECK(np > 0); /* the current tile has a legal placement */
    carc_move p = carc_movelist_data(z->ml)[idx % np];
    FZ_OK(carc_game_figure_options(z->ml, z->g, &p));
    size_t nf = carc_movelist_count(z->ml);
    FZ_CHECK(nf > 0 && carc_movelist_data(z->ml)[0].figure == CARC_FIGURE_NONE);
    *out = carc_movelist_data(z->ml)[(idx >> 7) % nf];
    return true;
}

static uint32_t player_to_move(const fz *z)
{
    uint32_t p = 0;
    FZ_OK(carc_game_current_player(&p, z->g));
    return p;
}

static void op_play_index(fz *z, input *in)
{
    uint16_t idx = u16(in);
    carc_move m;
    if (!pick_move(z, idx, &m))
        return;
    FZ_OK(carc_game_check_move(z->g, &m));
    if (z->full)
        enumeration_is_check(z, idx * 0x9E3779B97F4A7C15ull + z->step);
    play_checked(z, &m);
}

/* A move that must be refused with `chk`: play says the same and changes nothing. */
static void refused(fz *z, const carc_move *m, carc_status chk)
{
    snap before;
    bool could = false, can = false;
    snap_take(z, z->g, FP_WITH_PENDING, false, &before);
    FZ_OK(carc_game_can_undo(&could, z->g));
    FZ_CHECK(carc_game_play(z->g, m) == chk);
    FZ_CHECK(carc_game_last_error(z->g)[0] != '\0');
    FZ_OK(carc_game_can_undo(&can, z->g));
    FZ_CHECK(can == could);
    snap_check(&before, z->g, "a refused move");
}

/* Whether the legal moves list m, found without the full list: among the
 * figure actions of its placement, if that is a placement of the current
 * tile (the full list is that, placement by placement), or a pass of an
 * optional decision. */
static bool listed(fz *z, const carc_move *m, const carc_pending *pd)
{
    if (m->kind == CARC_MOVE_PASS)
        return (pd->flags & CARC_PENDING_OPTIONAL) && m->x == 0 && m->y == 0 && m->tile == 0 && m->rotation == 0 &&
               m->figure == 0 && m->segment == CARC_NO_SEGMENT && m->quarter == 0 && m->reserved == 0;
    if (pd->decision >= CARC_DECISION_EXIT && pd->decision <= CARC_DECISION_COUNT) {
        FZ_OK(carc_game_legal_moves(z->ml2, z->g, 0));
        return legal_by_list(z->g, z->ml2, m);
    }
    if (m->kind != CARC_MOVE_PLACE || pd->decision != CARC_DECISION_PLACE || m->tile != pd->tile)
        return false;
    FZ_OK(carc_game_placements(z->ml2, z->g, pd->tile, 0));
    const carc_move *d = carc_movelist_data(z->ml2);
    size_t n = carc_movelist_count(z->ml2), i;
    for (i = 0; i < n; i++)
        if (d[i].x == m->x && d[i].y == m->y && d[i].rotation == m->rotation)
            break;
    if (i == n)
        return false;
    carc_move p = d[i];
    FZ_OK(carc_game_figure_options(z->ml2, z->g, &p));
    return in_list(z->ml2, m);
}

/* check_move's status for m against the move list and the pending decision
 * (the full list on sampled steps). */
static void check_raw(fz *z, const carc_move *m, carc_status chk)
{
    carc_pending pd;
    pending_of(z->g, &pd);
    if (pd.decision == CARC_DECISION_NONE) {
        FZ_CHECK(carc_game_legal_moves(z->ml, z->g, 0) == CARC_EGAME_OVER);
        /* the order of the checks is not specified: an unknown kind may say either */
        FZ_CHECK(chk == CARC_EGAME_OVER || (m->kind > CARC_MOVE_COUNT && chk == CARC_EINVAL));
        return;
    }
    FZ_CHECK((chk == CARC_OK) == listed(z, m, &pd)); /* legal iff enumerated */
    if (z->full) {
        FZ_OK(carc_game_legal_moves(z->ml, z->g, 0));
        FZ_CHECK((chk == CARC_OK) == legal_by_list(z->g, z->ml, m));
    }
    /* kinds the pending decision does not take (the Count's: exit, quarter, count) */
    static const uint8_t takes[5] = { 0, CARC_MOVE_PLACE, CARC_MOVE_EXIT, CARC_MOVE_QUARTER, CARC_MOVE_COUNT };
    if (m->kind > CARC_MOVE_COUNT)
        FZ_CHECK(chk == CARC_EINVAL);
    else if (m->kind != takes[pd.decision] && !(m->kind == CARC_MOVE_PASS && (pd.flags & CARC_PENDING_OPTIONAL)))
        FZ_CHECK(chk == CARC_EILLEGAL);
}

/* A move from the input's bytes: check_move's status against the lists
 * (check_raw), then played, or refused alike. */
static void try_move(fz *z, const carc_move *m)
{
    carc_status chk = carc_game_check_move(z->g, m);
    check_raw(z, m, chk);
    if (chk == CARC_OK)
        play_checked(z, m);
    else
        refused(z, m, chk);
}

static void op_play_raw(fz *z, input *in)
{
    uint8_t b[7];
    for (int i = 0; i < 7; i++)
        b[i] = byte(in);
    uint32_t nt = 0;
    FZ_OK(carc_game_tile_count(&nt, z->g));
    carc_move base, m;
    FZ_OK(carc_game_tile(&base, z->g, b[0] % nt));
    memset(&m, 0, sizeof m);
    m.x = base.x + (b[1] % 5) - 2;
    m.y = base.y + (b[1] / 5 % 5) - 2;
    if (b[6] & 0x80) /* far away, or a multiple of 2^16 off */
        m.x += (b[6] & 0x40) ? 65536 : -1000;
    uint32_t cur = 0;
    if (carc_game_current_tile(&cur, z->g) != CARC_OK)
        cur = b[2];
    m.tile = (uint16_t)((b[6] & 1) ? b[2] : cur);
    m.rotation = (b[6] & 2) ? b[3] : (uint8_t)(b[3] & 3);
    /* no figure, a follower, a big follower (in play with Inns & Cathedrals) or the abbot;
     * with Traders & Builders the builder and the pig too */
    m.figure = (b[6] & 4) ? b[4] : (uint8_t)(b[4] % ((z->el & (CARC_MODULE_BUILDER | CARC_MODULE_PIG)) ? 6 : 4));
    if (b[6] & 8)
        m.segment = b[5];
    else if (!m.figure)
        m.segment = CARC_NO_SEGMENT;
    else if ((b[6] & 0x20) || (m.figure == CARC_FIGURE_ABBOT && (b[5] & 0x80)))
        m.segment = CARC_SEGMENT_RECALL;
    else
        m.segment = (uint8_t)(b[5] % 13);
    if (b[6] & 0x10)
        (&m.kind)[b[5] % 3] = (uint8_t)(1 + b[5] / 3 % 8); /* kind, quarter or reserved */

    try_move(z, &m);
}

/* A move of another kind than place, well-formed: a pass, a move out of the
 * City, into a quarter, of the Count. */
static void op_kind(fz *z, input *in)
{
    uint8_t b = byte(in);
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = (uint8_t)(b % 5);
    m.segment = CARC_NO_SEGMENT;
    if (m.kind == CARC_MOVE_EXIT) {
        m.figure = CARC_FIGURE_FOLLOWER;
        m.segment = (uint8_t)(b >> 5);
    }
    if (m.kind == CARC_MOVE_QUARTER)
        m.figure = CARC_FIGURE_FOLLOWER;
    if (m.kind >= CARC_MOVE_EXIT)
        m.quarter = (uint8_t)(b >> 3 & 3);
    if (b & 0x80)
        m.kind = (uint8_t)(CARC_MOVE_COUNT + 1 + (b & 0x7F)); /* an unknown kind */
    try_move(z, &m);
}

/* Into z->ml: every legal move (bits 5-7 of b all set), else the figure
 * actions of the placement of tile `cur` that b >> shift picks. */
static void list_actions(fz *z, uint8_t b, uint32_t cur, unsigned shift)
{
    if ((b & 0xE0) == 0xE0) {
        FZ_OK(carc_game_legal_moves(z->ml, z->g, 0));
        return;
    }
    FZ_OK(carc_game_placements(z->ml2, z->g, cur, 0));
    size_t np = carc_movelist_count(z->ml2);
    FZ_CHECK(np > 0);
    carc_move p = carc_movelist_data(z->ml2)[(b >> shift) % np];
    FZ_OK(carc_game_figure_options(z->ml, z->g, &p));
}

/* Whether m places figure `fig` (`recall`: 1 only recalls, 0 no recall, -1 either). */
static bool places_figure(const carc_move *m, uint8_t fig, int recall)
{
    return m->figure == fig && (recall < 0 || (m->segment == CARC_SEGMENT_RECALL) == (recall != 0));
}

/* The moves in z->ml that place `fig`. */
static size_t count_listed(const fz *z, uint8_t fig, int recall)
{
    const carc_move *d = carc_movelist_data(z->ml);
    size_t n = carc_movelist_count(z->ml), hits = 0;
    for (size_t i = 0; i < n; i++)
        hits += places_figure(&d[i], fig, recall);
    return hits;
}

/* Play the `pick`-th (modulo their number) of the moves in z->ml that
 * place `fig` (each a place move, if `place`); false if there is none. */
static bool play_listed(fz *z, uint8_t fig, int recall, size_t pick, bool place)
{
    const carc_move *d = carc_movelist_data(z->ml);
    size_t n = carc_movelist_count(z->ml), hits = count_listed(z, fig, recall);
    if (hits == 0)
        return false;
    size_t want = pick % hits;
    for (size_t i = 0; i < n; i++)
        if (places_figure(&d[i], fig, recall) && !want--) {
            carc_move m = d[i];
            FZ_CHECK(!place || m.kind == CARC_MOVE_PLACE);
            FZ_OK(carc_game_check_move(z->g, &m));
            play_checked(z, &m);
            return true;
        }
    FZ_CHECK(!"unreachable");
    return false;
}

/* m, a figure where z->ml lists none: if it is not listed after all,
 * check_move and play refuse it alike, with CARC_EILLEGAL. */
static void refused_unlisted(fz *z, const carc_move *m)
{
    if (in_list(z->ml, m))
        return;
    carc_status chk = carc_game_check_move(z->g, m);
    FZ_CHECK(chk == CARC_EILLEGAL);
    refused(z, m, chk);
}

/* A place move of z->ml, the `pick`-th modulo their number (the last if
 * that one is the pass of an optional decision, listed first), with `fig`
 * on segment `seg`. */
static carc_move listed_place_with(const fz *z, size_t pick, uint8_t fig, uint8_t seg)
{
    const carc_move *d = carc_movelist_data(z->ml);
    size_t n = carc_movelist_count(z->ml);
    carc_move m = d[pick % n];
    if (m.kind != CARC_MOVE_PLACE)
        m = d[n - 1];
    m.figure = fig;
    m.segment = seg;
    return m;
}

/* The abbot: place it (a listed placement of it), or recall it; a recall
 * that is not listed must be refused. From the full list (bits 5-7 of the
 * argument all set), else from the figure actions of one placement. */
static void op_abbot(fz *z, input *in)
{
    uint8_t b = byte(in);
    int recall = (b & 1) != 0;
    uint32_t cur = 0;
    if (carc_game_current_tile(&cur, z->g) != CARC_OK || coc_decision(z->g))
        return;
    list_actions(z, b, cur, 1);
    if (play_listed(z, CARC_FIGURE_ABBOT, recall, b >> 1, false))
        return;
    /* none listed: a recall after that placement is refused */
    carc_move m = listed_place_with(z, b >> 1, CARC_FIGURE_ABBOT, CARC_SEGMENT_RECALL);
    refused_unlisted(z, &m);
}

/* The builder or the pig (bit 1 of the argument): place one (a listed move
 * of it: from the full list when bits 5-7 are all set, else from the figure
 * actions of one placement), or, when none is listed there, put it on a
 * segment of that placement: refused (not in play, none in supply, the wrong
 * kind of segment, no follower of the player's in the feature, the builder
 * on a feature the tile completes), check_move and play agreeing. */
static void op_builder_pig(fz *z, uint8_t b)
{
    uint32_t cur = 0, nseg = 0, in_supply = 0;
    uint8_t fig = (b & 2) ? CARC_FIGURE_PIG : CARC_FIGURE_BUILDER;
    if (carc_game_current_tile(&cur, z->g) != CARC_OK || coc_decision(z->g))
        return;
    list_actions(z, b, cur, 2);
    FZ_OK(carc_game_figure_supply(&in_supply, z->g, player_to_move(z), fig));
    FZ_CHECK(in_supply || count_listed(z, fig, -1) == 0);
    if (play_listed(z, fig, -1, b >> 2, true))
        return;
    /* none listed: on a segment of a listed placement, refused */
    carc_move m = listed_place_with(z, b >> 2, fig, 0);
    FZ_OK(carc_tile_segment_count(&nseg, m.tile));
    m.segment = (uint8_t)((b >> 2) % nseg);
    refused_unlisted(z, &m);
}

/* The big follower: place it (a listed move of it: from the full list when
 * bits 5-7 of the argument are all set, else from the figure actions of one
 * placement), or, when none is listed there, put it on a segment of that
 * placement where the follower may stand: refused (no big follower in
 * supply, or no Inns & Cathedrals). Bit 0 of the argument: the builder or
 * the pig instead (op_builder_pig). */
static void op_big(fz *z, input *in)
{
    uint8_t b = byte(in);
    uint32_t cur = 0;
    if (b & 1) { /* (the big follower's own moves leave bit 0 alone) */
        op_builder_pig(z, b);
        return;
    }
    if (carc_game_current_tile(&cur, z->g) != CARC_OK || coc_decision(z->g))
        return;
    list_actions(z, b, cur, 1);
    size_t bigs = count_listed(z, CARC_FIGURE_BIG, -1), followers = count_listed(z, CARC_FIGURE_FOLLOWER, -1);
    uint32_t in_supply = 0, followers_left = 0;
    FZ_OK(carc_game_figure_supply(&in_supply, z->g, player_to_move(z), CARC_FIGURE_BIG));
    FZ_OK(carc_game_supply(&followers_left, z->g, player_to_move(z)));
    /* the big follower goes where the follower may: with both in supply,
     * one big option per follower option */
    if (in_supply && followers_left)
        FZ_CHECK(bigs == followers);
    if (!in_supply)
        FZ_CHECK(bigs == 0);
    if (play_listed(z, CARC_FIGURE_BIG, -1, b >> 1, false))
        return;
    /* none listed: the big follower where a follower may stand is refused */
    const carc_move *d = carc_movelist_data(z->ml);
    for (size_t i = 0; i < carc_movelist_count(z->ml); i++) {
        carc_move m = d[i];
        m.figure = CARC_FIGURE_BIG;
        if (d[i].figure != CARC_FIGURE_FOLLOWER || in_list(z->ml, &m))
            continue;
        FZ_CHECK(!(z->el & CARC_MODULE_BIG_FOLLOWER) || !in_supply);
        refused_unlisted(z, &m);
        return;
    }
}

/* carc_game_pending with every struct_size: nothing written past it. */
static void op_pending(fz *z, input *in)
{
    uint8_t b = byte(in);
    unsigned char buf[sizeof(carc_pending) + 16];
    uint32_t sz = b % (uint32_t)sizeof buf;
    memset(buf, 0xA5, sizeof buf);
    memcpy(buf, &sz, sizeof sz);
    carc_status st = carc_game_pending((carc_pending *)(void *)buf, z->g);
    size_t lim = sizeof sz;
    if (sz < sizeof(uint32_t)) {
        FZ_CHECK(st == CARC_EINVAL);
    } else {
        FZ_OK(st);
        uint32_t got;
        memcpy(&got, buf, sizeof got);
        FZ_CHECK(got == (sz < sizeof(carc_pending) ? sz : (uint32_t)sizeof(carc_pending)));
        lim = got;
    }
    for (size_t i = lim; i < sizeof buf; i++)
        FZ_CHECK(buf[i] == 0xA5);
}

static void op_choose(fz *z, input *in)
{
    uint32_t kind = byte(in) % (n_kinds + 2), hist0 = 0, hist1 = 0;
    snap before;
    take_before(z, &before);
    FZ_OK(carc_game_history_count(&hist0, z->g));
    carc_status want = choose_status(z, kind);
    carc_status st = carc_game_choose_tile(z->g, kind);
    FZ_CHECK(st == want);
    if (st != CARC_OK) {
        FZ_CHECK(carc_game_last_error(z->g)[0] != '\0');
        snap_check(&before, z->g, "a refused tile choice");
        return;
    }
    FZ_OK(carc_game_history_count(&hist1, z->g));
    began(z, &before);
    /* Without a journal a new choice does not take an earlier one (of this
     * turn) back, as game.h says: the pile no longer follows the record. */
    if (z->no_undo && z->unrecorded)
        z->diverged = true;
    if (hist1 > hist0) {
        /* unplaceable: discarded at once, the choice is closed */
        carc_history_entry h = history_at(z->g, hist1 - 1);
        FZ_CHECK(h.kind == CARC_HISTORY_DISCARD);
        z->pending = false;
        z->unrecorded = false;
    } else {
        uint32_t cur = 0;
        FZ_OK(carc_game_current_tile(&cur, z->g));
        FZ_CHECK(cur == kind);
        z->pending = !z->no_undo;
        z->unrecorded = true;
    }
}

static void op_undo(fz *z, input *in)
{
    (void)in;
    bool can = false;
    FZ_OK(carc_game_can_undo(&can, z->g));
    carc_status st = carc_game_undo(z->g);
    if (z->no_undo) {
        FZ_CHECK(!can && st == CARC_ENO_UNDO);
    } else if (z->depth > 0) {
        FZ_CHECK(can && st == CARC_OK);
        entry *e = &z->stack[--z->depth];
        snap_check(&e->before, z->g, "undo");
        z->unrecorded = e->unrecorded;
    } else if (z->unknown_base) {
        FZ_CHECK(st == (can ? CARC_OK : CARC_ENO_UNDO));
        if (st == CARC_OK)
            z->unrecorded = false; /* inside a loaded game's history */
    } else {
        FZ_CHECK(!can && st == CARC_ENO_UNDO);
    }
    z->pending = false;
    take_scores(z);
}

static void op_end(fz *z, input *in)
{
    (void)in;
    snap before;
    bool was_over = over(z->g), could = false, can = false;
    FZ_OK(carc_game_can_undo(&could, z->g));
    carc_pending pd0, pd1;
    uint32_t h0 = 0, h1 = 0;
    pending_of(z->g, &pd0);
    FZ_OK(carc_game_history_count(&h0, z->g));
    take_before(z, &before);
    FZ_OK(carc_game_end(z->g));
    pending_of(z->g, &pd1);
    FZ_OK(carc_game_history_count(&h1, z->g));
    /* over; or with the Count, the final round (not after one) */
    FZ_CHECK(over(z->g) || ((z->modules & CARC_MODULE_COUNT) && !(pd0.flags & CARC_PENDING_FINAL) &&
                            pd1.decision == CARC_DECISION_EXIT &&
                            pd1.flags == (CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL)));
    if (!was_over) {
        /* the history: a pass for each decision of the part declined, then the end */
        for (uint32_t i = h0; i < h1; i++) {
            carc_history_entry h = history_at(z->g, i);
            if (i + 1 == h1)
                FZ_CHECK(h.kind == CARC_HISTORY_END || h.kind == CARC_HISTORY_DISCARD || h.move.kind == CARC_MOVE_PASS);
            else if (h.kind != CARC_HISTORY_DISCARD)
                FZ_CHECK(h.kind == CARC_HISTORY_PLACE && h.move.kind == CARC_MOVE_PASS);
        }
    }
    if (was_over) {
        FZ_OK(carc_game_can_undo(&can, z->g));
        FZ_CHECK(can == could);
        snap_check(&before, z->g, "an end after the end");
        return;
    }
    began(z, &before);
    z->pending = false;
    /* (with the Count's final round after it, a tile chosen before the end
     * still lies on top of the pile: the record does not carry it) */
    z->unrecorded = z->unrecorded && !over(z->g);
}

/* A random move on `g` if it is not over (to check independence). */
static void play_something(carc_game *g, carc_movelist *ml, uint8_t pick)
{
    if (over(g))
        return;
    FZ_OK(carc_game_legal_moves(ml, g, 0));
    FZ_OK(carc_game_play(g, &carc_movelist_data(ml)[pick % carc_movelist_count(ml)]));
}

/*
 * Continuing with a clone or copy made with CARC_CLONE_NO_HISTORY: its undo
 * history is gone, but for an open tile choice, which the copy keeps (a new
 * choice replaces it, and undo takes it back, as on the original): the state
 * before that choice stays the only entry of the stack.
 */
static void adopt_nohistory(fz *z)
{
    if (z->pending && z->depth > 0) {
        entry top = z->stack[--z->depth];
        clear_stack(z);
        z->stack[0] = top;
        z->depth = 1;
    } else {
        clear_stack(z);
        z->pending = false;
    }
    z->unknown_base = false;
}

/* Replace the game by `other` (a clone, copy or load of it). */
static void adopt(fz *z, carc_game *other, bool history_kept, bool loaded)
{
    carc_game_free(z->g);
    z->g = other;
    if (loaded) {
        clear_stack(z);
        z->pending = false;
        z->unrecorded = false;
        z->diverged = false;
        z->no_undo = false;     /* records do not carry CARC_GAME_NO_UNDO */
        z->unknown_base = true; /* a loaded game can undo its whole record */
    } else if (!history_kept) {
        adopt_nohistory(z);
    }
    take_scores(z);
}

static carc_status game_clone(void **out, const void *g, uint32_t flags)
{
    return carc_game_clone((carc_game **)out, g, flags);
}

static void op_clone(fz *z, input *in)
{
    uint8_t b = byte(in), pick = byte(in);
    uint32_t flags = clone_flags(b);
    carc_game *c = cloned(game_clone, z->g, flags);
    if (c == NULL)
        return;
    same_games(z, z->g, c, FP_WITH_PENDING, "a clone");
    bool can = true;
    FZ_OK(carc_game_can_undo(&can, c));
    if (flags & CARC_CLONE_NO_HISTORY)
        FZ_CHECK(can == z->pending); /* only an open tile choice can be undone */
    if (b & 2) {
        adopt(z, c, !(flags & CARC_CLONE_NO_HISTORY), false);
        return;
    }
    snap before;
    snap_take(z, z->g, FP_WITH_PENDING, false, &before);
    play_something(c, z->ml2, pick);
    snap_check(&before, z->g, "the original after a move on its clone");
    carc_game_free(c);
}

static void op_copy(fz *z, input *in)
{
    uint8_t b = byte(in), pick = byte(in);
    uint32_t flags = clone_flags(b);
    snap before;
    if (flags & ~(uint32_t)CARC_CLONE_NO_HISTORY) {
        snap_take(z, z->scratch, FP_WITH_PENDING, false, &before);
        FZ_CHECK(carc_game_copy(z->scratch, z->g, flags) == CARC_EINVAL);
        snap_check(&before, z->scratch, "a refused copy");
        return;
    }
    FZ_OK(carc_game_copy(z->scratch, z->g, flags));
    same_games(z, z->g, z->scratch, FP_WITH_PENDING, "a copy");
    if (b & 2) {
        /* continue with the copy; the old game becomes the scratch */
        carc_game *old = z->g;
        z->g = z->scratch;
        z->scratch = old;
        if (flags & CARC_CLONE_NO_HISTORY)
            adopt_nohistory(z);
        take_scores(z);
        return;
    }
    snap_take(z, z->g, FP_WITH_PENDING, false, &before);
    play_something(z->scratch, z->ml2, pick);
    snap_check(&before, z->g, "the original after a move on its copy");
}

static void op_save_load(fz *z, input *in)
{
    uint8_t b = byte(in);
    if (!within(&z->loads, MAX_LOADS))
        return;
    carc_game *l = reloaded(game_save, game_load, z->g, "");
    /* the loaded game is the same game, draws included (but for a chosen
     * tile not played yet, which a record does not carry); it keeps an undo
     * journal whatever the original did */
    unsigned fl = z->unrecorded || z->diverged ? 0 : FP_WITH_PENDING;
    same_games(z, z->g, l, fl, "a loaded game");
    if (b & 1)
        adopt(z, l, false, true);
    else
        carc_game_free(l);
}

typedef carc_status (*render_fn)(char *, size_t, size_t *, const carc_game *, uint32_t);

static void op_render(fz *z, input *in)
{
    uint8_t b = byte(in);
    render_fn fn = (b & 4) ? carc_game_render_svg : carc_game_render_text;
    uint32_t flags = b & 3u, tiles = 0;
    size_t need = 0, need2 = 0;
    if (b & 8)
        FZ_CHECK(fn(NULL, 0, &need, z->g, 1u << 7) == CARC_EINVAL);
    /* few pictures, of small boards only (unless deep): a picture costs about
     * 0.1 ms (text) or 0.2 ms (SVG) per tile under the sanitizers */
    FZ_OK(carc_game_tile_count(&tiles, z->g));
    if ((!deep && tiles > ((b & 4) ? RENDER_SVG_TILES : RENDER_TEXT_TILES)) || !within(&z->pictures, MAX_PICTURES))
        return;
    FZ_CHECK(fn(NULL, 0, &need, z->g, flags) == CARC_EBUFFER);
    char *buf = malloc(need + 1);
    FZ_CHECK(buf != NULL);
    FZ_OK(fn(buf, need + 1, &need2, z->g, flags));
    FZ_CHECK(need2 == need && strlen(buf) == need);
    /* a short buffer: CARC_EBUFFER, NUL-terminated inside it */
    size_t cap = 1 + (size_t)byte(in) * need / 256;
    if ((b & 0x10) && cap <= need) {
        memset(buf, 'x', need + 1);
        FZ_CHECK(fn(buf, cap, &need2, z->g, flags) == CARC_EBUFFER);
        FZ_CHECK(need2 == need && memchr(buf, '\0', cap) != NULL);
        FZ_CHECK(buf[cap] == 'x');
    }
    free(buf);
}

/* The queries of one placed tile, consistent with each other. */
static void tile_queries(fz *z, uint32_t i)
{
    carc_move t, at;
    uint32_t nseg = 0;
    FZ_OK(carc_game_tile(&t, z->g, i));
    FZ_OK(carc_game_tile_at(&at, z->g, t.x, t.y));
    FZ_CHECK(memcmp(&t, &at, sizeof t) == 0);
    FZ_CHECK(carc_game_tile_at(&at, z->g, t.x + 65536, t.y) == CARC_ENOTFOUND);
    FZ_OK(carc_tile_segment_count(&nseg, t.tile));
    for (uint32_t s = 0; s < nseg; s++) {
        uint32_t fid;
        carc_feature_info fe = SIZED(carc_feature_info);
        FZ_OK(carc_game_feature_at(&fid, z->g, t.x, t.y, s));
        FZ_OK(carc_game_feature(&fe, z->g, fid));
        uint32_t counts[8], sum = 0;
        FZ_OK(carc_game_feature_occupants(counts, 8, z->g, fid));
        for (uint32_t p = 0; p < z->players; p++)
            sum += counts[p];
        FZ_CHECK(sum == fe.figures);
        FZ_CHECK(fe.kind != CARC_SEG_RIVER || fe.figures == 0); /* nobody on the river */
        FZ_CHECK(fe.kind != CARC_SEG_GARDEN || (z->el & CARC_MODULE_ABBOT_FIGURE) || fe.figures == 0);
        size_t cnt = 0;
        carc_status st = carc_game_feature_tiles(NULL, 0, &cnt, z->g, fid);
        FZ_CHECK(st == CARC_EBUFFER && cnt >= 1);
        FZ_CHECK(fe.kind == CARC_SEG_MONASTERY || fe.kind == CARC_SEG_GARDEN || cnt == fe.tiles);
        int32_t *xy = malloc(2 * cnt * sizeof *xy);
        FZ_CHECK(xy != NULL);
        size_t cnt2 = 0;
        FZ_OK(carc_game_feature_tiles(xy, cnt, &cnt2, z->g, fid));
        FZ_CHECK(cnt2 == cnt);
        bool self = false;
        for (size_t k = 0; k < cnt; k++)
            self |= xy[2 * k] == t.x && xy[2 * k + 1] == t.y;
        FZ_CHECK(self);
        free(xy);
    }
}

/* The queries, consistent with the others: of every tile on sampled steps
 * (or small boards), else of one. */
/* search.h on the current game: a playout and a policy's choice leave it
 * as it was (fingerprint), the choice is legal, a copy has the same hash,
 * and a determinized copy keeps the hash and the multiset of tiles left. */
static void search_queries(fz *z, uint8_t b)
{
    carc_playout *p;
    if (carc_playout_new(&p, z->g) != CARC_OK)
        return; /* out of memory (a failing allocator) */
    uint64_t h, hc, rng = b;
    FZ_OK(carc_game_hash(&h, z->g));
    fp *before = fingerprint(z->g, 0);
    int32_t sc[8];
    carc_status st = carc_playout_run(p, z->g, b & 1, b, sc, 8, NULL);
    FZ_CHECK(st == CARC_OK || st == CARC_ENOMEM);
    bool over = false;
    FZ_OK(carc_game_is_over(&over, z->g));
    carc_move m;
    st = carc_playout_choose(&m, p, z->g, (b >> 1) & 1, &rng);
    FZ_CHECK(over ? st == CARC_EGAME_OVER : (st == CARC_OK || st == CARC_ENOMEM));
    if (st == CARC_OK)
        FZ_OK(carc_game_check_move(z->g, &m));
    same_fp(before, fingerprint(z->g, 0));
    carc_game *c;
    if (carc_game_clone(&c, z->g, CARC_CLONE_NO_HISTORY) == CARC_OK) {
        FZ_OK(carc_game_hash(&hc, c));
        FZ_CHECK(hc == h);
        FZ_OK(carc_game_determinize(c, rng));
        FZ_OK(carc_game_hash(&hc, c));
        FZ_CHECK(hc == h);
        uint32_t ta[256], tb[256];
        FZ_OK(carc_game_remaining_tiles(ta, 256, NULL, z->g));
        FZ_OK(carc_game_remaining_tiles(tb, 256, NULL, c));
        FZ_CHECK(memcmp(ta, tb, sizeof ta) == 0);
        carc_game_free(c);
    }
    carc_playout_free(p);
}

static void op_queries(fz *z, input *in)
{
    uint8_t b = byte(in);
    uint32_t n = 0, nt = 0;
    FZ_OK(carc_game_tile_count(&nt, z->g));
    if (z->full || nt <= 8)
        for (uint32_t i = 0; i < nt; i++)
            tile_queries(z, i);
    else
        tile_queries(z, b % nt);
    FZ_OK(carc_game_history_count(&n, z->g));
    if (n) {
        carc_history_entry h;
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        for (uint32_t i = z->full ? 0 : n - 1; i < n; i++) {
            FZ_OK(carc_game_history(&h, z->g, i));
            FZ_CHECK(h.kind <= CARC_HISTORY_END && h.player < z->players);
        }
    }
    int32_t best = INT32_MIN;
    uint32_t leaders = 0, mask = 0;
    for (uint32_t p = 0; p < z->players; p++) {
        int32_t s;
        FZ_OK(carc_game_score(&s, z->g, p));
        if (s > best) {
            best = s;
            mask = 0;
        }
        if (s == best)
            mask |= 1u << p;
    }
    FZ_OK(carc_game_leaders(&leaders, z->g));
    FZ_CHECK(leaders == mask);
    uint32_t left = 0, sum = 0, k;
    FZ_OK(carc_game_remaining(&left, z->g));
    for (k = 0; k < n_kinds; k++) {
        uint32_t c = 0;
        FZ_OK(carc_game_remaining_of(&c, z->g, k));
        sum += c;
    }
    FZ_CHECK(sum == left);
    if (z->full || (b & 0x40))
        search_queries(z, b);
}

static void op_placements(fz *z, input *in)
{
    uint8_t b = byte(in);
    uint32_t kind = b % n_kinds, cur = 0;
    uint32_t flags = (b & 0x80) ? CARC_ENUM_UNIQUE_ROTATIONS : 0;
    FZ_OK(carc_game_placements(z->ml2, z->g, kind, flags));
    bool coc = coc_decision(z->g);
    bool is_cur = carc_game_current_tile(&cur, z->g) == CARC_OK && cur == kind && !coc;
    const carc_move *d = carc_movelist_data(z->ml2);
    size_t n = carc_movelist_count(z->ml2);
    if (!is_cur) { /* (no placement is legal during a decision of the Count) */
        for (size_t i = 0; i < n; i++)
            FZ_CHECK(carc_game_check_move(z->g, &d[i]) == (over(z->g) ? CARC_EGAME_OVER : CARC_EILLEGAL));
        return;
    }
    /* the placements of the current tile are the figure-less legal moves */
    FZ_OK(carc_game_legal_moves(z->ml, z->g, flags));
    size_t none = 0;
    for (size_t i = 0; i < carc_movelist_count(z->ml); i++)
        none += carc_movelist_data(z->ml)[i].figure == CARC_FIGURE_NONE &&
                carc_movelist_data(z->ml)[i].kind == CARC_MOVE_PLACE;
    FZ_CHECK(none == n);
    for (size_t i = 0; i < n; i++) {
        FZ_CHECK(in_list(z->ml, &d[i]));
        FZ_OK(carc_game_check_move(z->g, &d[i]));
    }
}

static void op_figure_options(fz *z, input *in)
{
    uint16_t idx = u16(in);
    uint32_t cur = 0;
    if (carc_game_current_tile(&cur, z->g) != CARC_OK)
        return;
    FZ_OK(carc_game_placements(z->ml2, z->g, cur, 0));
    size_t np = carc_movelist_count(z->ml2);
    if (coc_decision(z->g)) {
        /* no placement is legal now: figure options of none */
        if (np > 0) {
            carc_move p = carc_movelist_data(z->ml2)[idx % np];
            FZ_CHECK(carc_game_figure_options(z->ml2, z->g, &p) == CARC_EILLEGAL);
        }
        return;
    }
    FZ_CHECK(np > 0);
    carc_move p = carc_movelist_data(z->ml2)[idx % np];
    FZ_OK(carc_game_figure_options(z->ml2, z->g, &p));
    FZ_OK(carc_game_legal_moves(z->ml, z->g, 0));
    size_t same = 0;
    for (size_t i = 0; i < carc_movelist_count(z->ml); i++) {
        const carc_move *m = &carc_movelist_data(z->ml)[i];
        same += m->kind == CARC_MOVE_PLACE && m->x == p.x && m->y == p.y && m->rotation == p.rotation;
    }
    FZ_CHECK(same == carc_movelist_count(z->ml2));
    for (size_t i = 0; i < carc_movelist_count(z->ml2); i++) {
        const carc_move *m = &carc_movelist_data(z->ml2)[i];
        FZ_CHECK(i > 0 || m->figure == CARC_FIGURE_NONE);
        FZ_CHECK(i == 0 || m->figure != CARC_FIGURE_NONE);
        FZ_OK(carc_game_check_move(z->g, m));
        FZ_CHECK(in_list(z->ml, m));
    }
    if (idx & 0x8000u) {
        /* play one of them */
        carc_move m = carc_movelist_data(z->ml2)[(idx >> 8) % carc_movelist_count(z->ml2)];
        play_checked(z, &m);
    }
}

static void op_notation(fz *z, input *in)
{
    uint16_t idx = u16(in);
    carc_move m, back;
    if (!pick_move(z, idx, &m))
        return;
    char buf[96];
    size_t need = 0;
    FZ_OK(carc_move_format(buf, sizeof buf, &need, &m));
    FZ_CHECK(strlen(buf) == need);
    FZ_OK(carc_move_parse(&back, buf));
    FZ_CHECK(memcmp(&back, &m, sizeof m) == 0);
}

/* The Count's decisions (an argument byte b, then five more):
 *   b % 4 == 0: play the answer listed at index byte 1 (of any decision);
 *   1: an exit onto another segment of the feature a listed exit goes to
 *      (a tile of the feature by byte 1, a segment by byte 2): legal iff
 *      that segment is of the feature (or of another listed one), played;
 *   2: a move shaped like the Count's from the bytes (kind exit, quarter,
 *      count or pass; x, y around a placed tile; figure, segment, quarter;
 *      now and then a field the kind does not use), checked against the
 *      list, played or refused;
 *   3: a well-formed pass: legal iff the decision is optional. */
static void op_city(fz *z, input *in)
{
    uint8_t b = byte(in), a[5];
    for (int i = 0; i < 5; i++)
        a[i] = byte(in);
    carc_move m;
    memset(&m, 0, sizeof m);
    m.segment = CARC_NO_SEGMENT;
    if (over(z->g))
        return;
    switch (b % 4) {
    case 0: {
        FZ_OK(carc_game_legal_moves(z->ml, z->g, 0));
        size_t n = carc_movelist_count(z->ml);
        FZ_CHECK(n > 0);
        m = carc_movelist_data(z->ml)[a[0] % n];
        FZ_OK(carc_game_check_move(z->g, &m));
        play_checked(z, &m);
        return;
    }
    case 1: {
        if (!coc_decision(z->g))
            return;
        FZ_OK(carc_game_legal_moves(z->ml, z->g, 0));
        const carc_move *d = carc_movelist_data(z->ml);
        size_t n = carc_movelist_count(z->ml), exits = 0;
        for (size_t i = 0; i < n; i++)
            exits += d[i].kind == CARC_MOVE_EXIT;
        if (!exits)
            return;
        size_t want = a[0] % exits, i = 0;
        while (d[i].kind != CARC_MOVE_EXIT || want--)
            i++;
        m = d[i];
        uint32_t f = 0, nseg = 0;
        size_t cnt = 0;
        FZ_OK(carc_game_feature_at(&f, z->g, m.x, m.y, m.segment));
        FZ_CHECK(carc_game_feature_tiles(NULL, 0, &cnt, z->g, f) == CARC_EBUFFER && cnt > 0);
        int32_t *xy = malloc(2 * cnt * sizeof *xy);
        FZ_CHECK(xy != NULL);
        FZ_OK(carc_game_feature_tiles(xy, cnt, &cnt, z->g, f));
        carc_move t;
        size_t k = a[1] % cnt;
        FZ_OK(carc_game_tile_at(&t, z->g, xy[2 * k], xy[2 * k + 1]));
        free(xy);
        FZ_OK(carc_tile_segment_count(&nseg, t.tile));
        if (nseg == 0)
            return;
        m.x = t.x;
        m.y = t.y;
        m.segment = (uint8_t)(a[2] % nseg);
        break;
    }
    case 2: {
        static const uint8_t kinds[4] = { CARC_MOVE_EXIT, CARC_MOVE_QUARTER, CARC_MOVE_COUNT, CARC_MOVE_PASS };
        uint32_t nt = 0;
        carc_move base;
        m.kind = kinds[a[0] & 3];
        if (m.kind == CARC_MOVE_EXIT) {
            FZ_OK(carc_game_tile_count(&nt, z->g));
            FZ_OK(carc_game_tile(&base, z->g, a[1] % nt));
            m.x = base.x + (a[0] >> 2 & 1) * ((int32_t)(a[0] >> 3 & 3) - 1);
            m.y = base.y + (a[0] >> 5 & 1) * ((int32_t)(a[0] >> 6 & 3) - 1);
            m.segment = (a[4] & 0x80) ? a[2] : (uint8_t)(a[2] % 13);
        }
        if (m.kind == CARC_MOVE_EXIT || m.kind == CARC_MOVE_QUARTER)
            m.figure = (a[4] & 0x40) ? a[3] : (uint8_t)(CARC_FIGURE_FOLLOWER + (a[3] & 1));
        if (m.kind != CARC_MOVE_PASS)
            m.quarter = (a[4] & 0x20) ? a[3] : (uint8_t)(a[3] >> 1 & 3);
        switch (a[4] & 0x1F) { /* a field the kind does not use, now and then */
        case 1:
            m.tile = a[1];
            break;
        case 2:
            m.rotation = (uint8_t)(1 + a[1] % 4);
            break;
        case 3:
            m.reserved = (uint8_t)(1 | a[1]);
            break;
        case 4:
            m.x += 1 + a[1];
            break;
        case 5:
            m.segment = a[1];
            break;
        case 6:
            m.x += 65536;
            break;
        default:
            break;
        }
        break;
    }
    default:
        m.kind = CARC_MOVE_PASS;
        break;
    }
    try_move(z, &m);
}

/* A few wrong calls that must change nothing. */
static void op_misuse(fz *z, input *in)
{
    uint8_t b = byte(in);
    snap before;
    snap_take(z, z->g, FP_WITH_PENDING, false, &before);
    int32_t s = 0;
    uint32_t u = 0;
    carc_move m;
    memset(&m, 0, sizeof m);
    switch (b % 14) {
    case 0:
        FZ_CHECK(carc_game_play(z->g, NULL) == CARC_EINVAL);
        break;
    case 12: /* the Count's city: no out-pointer, not a quarter, not a figure of the city, not a player */
        FZ_CHECK(carc_game_city(NULL, z->g, 0, 0, CARC_FIGURE_FOLLOWER) == CARC_EINVAL);
        FZ_CHECK(carc_game_city(&u, z->g, 4u + b / 16, 0, CARC_FIGURE_FOLLOWER) == CARC_EINVAL);
        FZ_CHECK(carc_game_city(&u, z->g, b & 3u, 0, (b & 16) ? CARC_FIGURE_ABBOT + b / 32 % 3 : CARC_FIGURE_NONE) ==
                 CARC_EINVAL);
        FZ_CHECK(carc_game_city(&u, z->g, b & 3u, z->players + b / 16, CARC_FIGURE_BIG) == CARC_ERANGE);
        FZ_CHECK(carc_game_city(&u, NULL, 0, 0, CARC_FIGURE_FOLLOWER) == CARC_EINVAL);
        break;
    case 13: /* the Count's quarter: no out-pointer; no Count without the module */
        FZ_CHECK(carc_game_count(NULL, z->g) == CARC_EINVAL);
        FZ_CHECK(carc_game_count(&u, NULL) == CARC_EINVAL);
        FZ_CHECK(carc_game_count(&u, z->g) == ((z->modules & CARC_MODULE_COUNT) ? CARC_OK : CARC_EILLEGAL));
        break;
    case 10: /* trade goods: no out-pointer, not a kind of goods, not a player */
        FZ_CHECK(carc_game_goods(NULL, z->g, 0, CARC_GOOD_WINE) == CARC_EINVAL);
        {
            /* a bad kind (and a bad player: either status, the order of the checks is not specified) */
            carc_status st = carc_game_goods(&u, z->g, b & 1 ? 0 : z->players, CARC_GOOD_COUNT + b / 16);
            FZ_CHECK(st == CARC_EINVAL || (!(b & 1) && st == CARC_ERANGE));
        }
        FZ_CHECK(carc_game_goods(&u, NULL, 0, CARC_GOOD_WINE) == CARC_EINVAL);
        break;
    case 11:
        FZ_CHECK(carc_game_goods(&u, z->g, z->players + b / 16, (uint32_t)b % CARC_GOOD_COUNT) == CARC_ERANGE);
        FZ_CHECK(carc_game_goods(&u, z->g, 0x10000u + b / 16, CARC_GOOD_CLOTH) == CARC_ERANGE);
        break;
    case 1:
        FZ_CHECK(carc_game_score(&s, z->g, z->players + b / 8) == CARC_ERANGE);
        break;
    case 2:
        FZ_CHECK(carc_game_choose_tile(z->g, n_kinds + b) == CARC_ERANGE);
        break;
    case 3:
        FZ_CHECK(carc_game_legal_moves(z->ml2, z->g, 2u + b) == CARC_EINVAL);
        break;
    case 4:
        FZ_CHECK(carc_game_figure_options(z->ml2, z->g, NULL) == CARC_EINVAL);
        break;
    case 5:
        FZ_CHECK(carc_game_remaining_of(&u, z->g, n_kinds + b) == CARC_ERANGE);
        break;
    case 6:
        FZ_CHECK(carc_game_copy(z->g, z->g, 0) == CARC_OK);
        break;
    case 7:
        FZ_CHECK(carc_game_figure_supply(&u, z->g, 0, b & 0x10 ? CARC_FIGURE_PIG + 1u + b : CARC_FIGURE_NONE) ==
                 CARC_EINVAL);
        break;
    case 8:
        FZ_CHECK(carc_game_figure_supply(&u, z->g, z->players + b / 16, CARC_FIGURE_ABBOT) == CARC_ERANGE);
        break;
    default:
        FZ_CHECK(carc_game_feature(NULL, z->g, b) == CARC_EINVAL);
        break;
    }
    snap_check(&before, z->g, "a wrong call");
}

/* The learning environment (fuzz_api_learn.c): with bit 0 of the argument,
 * steps of a small vectorised environment of the game's options; else the
 * calls from scratch on the game, which must leave it as it was, and (bit 1)
 * the move they chose through the masks played. */
static void op_learn(fz *z, input *in)
{
    if (z->learn == NULL)
        z->learn = learn_new();
    uint8_t b = byte(in);
    if (b & 1) {
        learn_env(z->learn, z->g, in);
        return;
    }
    snap before;
    snap_take(z, z->g, FP_WITH_PENDING, false, &before);
    carc_move m;
    bool have = learn_game(z->learn, z->g, in, &m);
    snap_check(&before, z->g, "the learning environment's calls");
    if (have && (b & 2))
        try_move(z, &m);
}

/* The operations of a tile game input: op byte % 21, in this order (the
 * corpus depends on it; "learn" came last, so the seeds written before it
 * read as they did). */
static const struct op {
    const char *name;
    void (*run)(fz *z, input *in);
} OPS[] = {
    { "play_index", op_play_index }, /* twice: games should get far */
    { "play_index", op_play_index },
    { "play_raw", op_play_raw },
    { "choose", op_choose },
    { "undo", op_undo },
    { "end", op_end },
    { "clone", op_clone },
    { "copy", op_copy },
    { "save_load", op_save_load },
    { "render", op_render },
    { "queries", op_queries },
    { "placements", op_placements },
    { "figure_options", op_figure_options },
    { "notation", op_notation },
    { "misuse", op_misuse },
    { "kind", op_kind },
    { "abbot", op_abbot },
    { "pending", op_pending },
    { "big (bit 0 of the argument: builder or pig)", op_big },
    { "city (the Count's decisions)", op_city },
    { "learn (the learning environment)", op_learn },
};

/* The options from the header; a custom start the modules refuse is refused
 * alike by carc_game_options_check and carc_game_new, and replaced by the
 * default start. */
static void header_options(carc_game_options *o, const uint8_t hdr[14], uint8_t elements)
{
    FZ_OK(carc_game_options_init(o, CARC_GAME_OPTIONS_VERSION));
    o->players = 2u + (hdr[0] & 0x0Fu) % 5u;
    o->modules = ((hdr[1] & 1) ? 0 : CARC_MODULE_FARMERS) | ((hdr[1] & 16) ? CARC_MODULE_RIVER : 0) |
                 ((hdr[1] & 32) ? CARC_MODULE_ABBOT : 0) | ((hdr[1] & 64) ? CARC_MODULE_INNS : 0) |
                 ((hdr[1] & 128) ? CARC_MODULE_TRADERS : 0) | ((hdr[0] & 64) ? CARC_MODULE_COUNT : 0);
    if (elements & 1u) {
        static const uint32_t less[8] = { 0, CARC_MODULE_BIG_FOLLOWER, CARC_MODULE_INN, CARC_MODULE_CATHEDRAL,
                                          CARC_MODULE_GOODS, CARC_MODULE_BUILDER, CARC_MODULE_PIG,
                                          CARC_MODULE_GARDENS };
        o->modules = tu_elements(o->modules);
        for (unsigned b = 1; b < 8; b++)
            if ((elements >> b) & 1u)
                o->modules &= ~less[b];
        /* the same game however it is named: the library's reading agrees */
        FZ_CHECK(carc_modules_elements(o->modules) == o->modules);
    }
    /* the Count's rule variants (header byte 0, bits 4 and 5); without the
     * Count they must be refused alike */
    uint32_t variants = ((hdr[0] & 16) ? CARC_VARIANT_COC_FINAL_MARKET : 0u) |
                        ((hdr[0] & 32) ? CARC_VARIANT_COC_ONCE_PER_TURN : 0u);
    if (o->players == 6 && !(tu_elements(o->modules) & (CARC_MODULE_INNS_TILES | CARC_MODULE_BIG_FOLLOWER))) {
        /* a sixth player needs Inns & Cathedrals: refused alike, with the message */
        char why[128];
        carc_game *g = (carc_game *)(void *)o;
        FZ_CHECK(carc_game_options_check(o, why, sizeof why) == CARC_ERANGE);
        FZ_CHECK(strstr(why, "a 6th player needs Inns & Cathedrals") != NULL);
        FZ_CHECK(carc_game_new(&g, o) == CARC_ERANGE && g == NULL);
        o->players = 2u + (hdr[0] & 0x0Fu) % 4u;
    }
    if (variants && !(o->modules & CARC_MODULE_COUNT)) {
        carc_game *g = (carc_game *)(void *)o;
        o->variants = variants;
        FZ_CHECK(carc_game_options_check(o, NULL, 0) == CARC_EINVAL);
        FZ_CHECK(carc_game_new(&g, o) == CARC_EINVAL && g == NULL);
        variants = 0;
    }
    o->variants = variants;
    o->flags = (hdr[1] & 4) ? CARC_GAME_NO_UNDO : 0;
    if (hdr[1] & 2) {
        o->start_tile = hdr[2] % n_kinds;
        o->start_rotation = hdr[3] % 4u;
        o->start_x = (int8_t)hdr[4];
        o->start_y = (int8_t)hdr[5];
    }
    o->seed = 0;
    for (int i = 0; i < 8; i++)
        o->seed |= (uint64_t)hdr[6 + i] << (8 * i);
    char msg[128];
    carc_status st = carc_game_options_check(o, msg, sizeof msg);
    const uint32_t both = CARC_MODULE_RIVER | CARC_MODULE_COUNT;
    if (st != CARC_OK) {
        carc_game *g = (carc_game *)(void *)o;
        /* only the custom start can be wrong (every module set has a default start) */
        FZ_CHECK(o->start_tile != CARC_DEFAULT_START_TILE);
        FZ_CHECK(st == CARC_ERANGE && msg[0] != '\0');
        FZ_CHECK(carc_game_new(&g, o) == st && g == NULL);
        o->start_tile = CARC_DEFAULT_START_TILE;
        o->start_x = o->start_y = 0;
        o->start_rotation = 0;
        if ((o->modules & both) == both) {
            /* the default start is the spring beside the city; then one of the places beside it, given */
            FZ_OK(carc_game_options_check(o, msg, sizeof msg));
            unsigned k = (unsigned)hdr[2] % n_springs;
            o->start_tile = spring_kind;
            o->start_x = springs[k][0];
            o->start_y = springs[k][1];
            o->start_rotation = (uint32_t)springs[k][2];
        }
        FZ_OK(carc_game_options_check(o, msg, sizeof msg));
        FZ_CHECK(msg[0] == '\0');
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    input in = { data, size };
    uint8_t hdr[14];
    settings_once();
    for (int i = 0; i < 14; i++)
        hdr[i] = byte(&in);

    if (hdr[1] & 8) {
        dice_run(&in, hdr);
        return 0;
    }

    carc_game_options o;
    header_options(&o, hdr, byte(&in));

    fz z;
    memset(&z, 0, sizeof z);
    z.players = o.players;
    z.modules = o.modules;
    z.el = tu_elements(o.modules);
    z.variants = o.variants;
    g_modules = o.modules;
    z.no_undo = (o.flags & CARC_GAME_NO_UNDO) != 0;
    FZ_OK(carc_game_new(&z.g, &o));
    carc_game_options so = o;
    so.players = 2u + (o.players + 1u) % 4u; /* the copy target differs */
    so.seed = o.seed ^ 0x5555;
    so.modules = o.modules ^ ((hdr[0] & 0x80) ? CARC_MODULE_INNS : CARC_MODULE_ABBOT);
    if ((so.modules & (CARC_MODULE_RIVER | CARC_MODULE_COUNT)) != (CARC_MODULE_RIVER | CARC_MODULE_COUNT)) {
        so.start_tile = CARC_DEFAULT_START_TILE; /* (with the Count and the River the spring's place stays) */
        if (so.modules & CARC_MODULE_COUNT) { /* the City of Carcassonne is the start */
            so.start_x = so.start_y = 0;
            so.start_rotation = 0;
        }
    }
    FZ_OK(carc_game_new(&z.scratch, &so));
    FZ_OK(carc_movelist_new(&z.ml, z.g));
    FZ_OK(carc_movelist_new(&z.ml2, z.scratch));
    take_scores(&z);
    invariants(&z);

    if (trace)
        fprintf(stderr,
                "new: players %u seed %llu modules %#x variants %#x flags %u start %u %u %d,%d (full checks every %u)\n",
                o.players, (unsigned long long)o.seed, o.modules, o.variants, o.flags, o.start_tile, o.start_rotation,
                (int)o.start_x, (int)o.start_y, full_every);

    for (int ops = 0; ops < MAX_OPS && in.n > 0; ops++) {
        const struct op *op = &OPS[byte(&in) % COUNT_OF(OPS)];
        z.step = (unsigned)ops + 1;
        z.full = deep || z.step % full_every == 0;
        if (trace) {
            uint32_t hist = 0;
            carc_game_history_count(&hist, z.g);
            fprintf(stderr, "op %d: %s (history %u, undo depth %zu, pending %d, next bytes %02x %02x)%s\n", ops,
                    op->name, hist, z.depth, (int)z.pending, in.n > 0 ? in.p[0] : 0, in.n > 1 ? in.p[1] : 0,
                    z.full ? " [full checks]" : "");
        }
        op->run(&z, &in);
        invariants(&z);
    }

    /* the end of the input: enumeration = check, then every undo on the
     * stack taken back (each compared with what the stack holds; the bottom
     * entry holds the full fingerprint) */
    z.full = deep;
    enumeration_is_check(&z, z.step);
    if (trace && z.depth)
        fprintf(stderr, "end: unwinding %zu undo(s)\n", z.depth);
    while (z.depth > 0) {
        op_undo(&z, NULL);
        invariants(&z);
    }

    clear_stack(&z);
    free(z.stack);
    learn_free(z.learn);
    carc_movelist_free(z.ml);
    carc_movelist_free(z.ml2);
    carc_game_free(z.scratch);
    carc_game_free(z.g);
    return 0;
}
