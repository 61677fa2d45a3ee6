/* SPDX-License-Identifier: MIT */
/*
 * The fixture and the checks shared by test_misuse.c (the tile game) and
 * misuse_dice.c (the Dice Game): see test_misuse.c.
 */
#ifndef CARC_HARDENING_MISUSE_H
#define CARC_HARDENING_MISUSE_H

#include "hardening.h"

/* ------------------------------------------------------------ fixture */

/* Games of the fixture: base games in several phases; G_RIVER: River + Abbot
 * + farmers while River tiles are left (the lake among them); G_ABBOT: Abbot +
 * farmers, the player to move has the abbot on the board; G_INNS: six
 * players, Inns & Cathedrals + River + Abbot + farmers past the River, every
 * big follower in supply; G_NOBIG: Inns & Cathedrals without farmers, three
 * players, each with the big follower on the board; G_TRADERS: Traders &
 * Builders + farmers, three players, builders and pigs on the board; G_SECOND:
 * Traders & Builders, the builder's optional second tile pending; G_ALL: every
 * module (the Count too, the spring beside the City of Carcassonne), six
 * players, past the River, a place move pending. The Count's decisions
 * (tests/scenarios/count-*.scn): G_COC_QUARTER: a follower into a quarter
 * (the placer scored nothing, an opponent did); G_COC_COUNT: the Count's move,
 * right after it; G_COC_EXIT: a move out of the city onto the city a tile
 * completes, before its scoring; G_COC_FINAL: the final round after an early
 * end (Inns & Cathedrals: a big follower in the castle); G_COC_RIVER: the
 * River and the Count, the spring beside the city, River tiles left. */
enum {
    G_FRESH, G_MID, G_PENDING, G_NOSUPPLY, G_OVER, G_ENDED, G_NOFARM, G_NOUNDO, G_RIVER, G_ABBOT, G_INNS, G_NOBIG,
    G_TRADERS, G_SECOND, G_ALL, G_COC_QUARTER, G_COC_COUNT, G_COC_EXIT, G_COC_FINAL, G_COC_RIVER,
    G_COUNT
};
static const char *const game_names[G_COUNT] __attribute__((unused)) = {
    "fresh", "mid", "pending", "nosupply", "over", "ended", "nofarm", "noundo", "river", "abbot", "inns", "nobig",
    "traders", "second", "all", "coc-quarter", "coc-count", "coc-exit", "coc-final", "coc-river"
};

/* The games whose pending decision is one of the Count's (not a place move). */
#define IS_COC_DECISION(i) ((i) == G_COC_QUARTER || (i) == G_COC_COUNT || (i) == G_COC_EXIT || (i) == G_COC_FINAL)

typedef struct misuse_entry misuse_entry;

/* Dice Game fixtures: a fresh game (ROLL), after a roll (CHOOSE), in the
 * KNIGHT_OPTION phase, in the middle of a game, over. */
enum { D_FRESH, D_CHOOSE, D_KNIGHTOPT, D_MID, D_OVER, D_COUNT };

typedef struct fx {
    const misuse_entry *entry;
    hz_alloc alloc;
    carc_allocator a;
    carc_game *g[G_COUNT];
    carc_movelist *list;
    carc_dice_game *d[D_COUNT];
} fx;

struct misuse_entry {
    const char *symbol;
    void (*run)(fx *f);
};

/* ------------------------------------------------------------ checks */

static inline void check_status(carc_status got, carc_status want, carc_status alt, const char *call, int line)
{
    if (got != want && got != alt)
        fail_msg("line %d: %s returned %s (%d), expected %s", line, call, carc_status_name(got), (int)got,
                 carc_status_name(want));
}

static inline void check_same(const carc_game *g, char *before, unsigned flags, const char *call, int line)
{
    if (g == NULL)
        return;
    char *after = hz_fingerprint(g, flags);
    if (strcmp(before, after) != 0) {
        print_error("before:\n%s\nafter:\n%s\n", before, after);
        fail_msg("line %d: %s changed the game", line, call);
    }
    free(before);
    free(after);
}

/* A call that must return `want` (or `alt`) and leave game `g` exactly as it
 * was, last-error text included (read-only calls, calls not on g). */
#define EXPECT2(g, want, alt, call)                                   \
    do {                                                              \
        const carc_game *g_ = (g);                                    \
        char *b_ = hz_fingerprint(g_, 0);                             \
        carc_status s_ = (call);                                      \
        check_status(s_, (want), (alt), #call, __LINE__);             \
        check_same(g_, b_, 0, #call, __LINE__);                       \
    } while (0)
#define EXPECT(g, want, call) EXPECT2(g, want, want, call)

/* A mutating call on `g` that must fail with `want`: the game is unchanged
 * but for the last-error text, which must say something. */
#define REJECT(g, want, call)                                                          \
    do {                                                                               \
        const carc_game *g_ = (g);                                                     \
        char *b_ = hz_fingerprint(g_, HZ_FP_NO_ERROR);                                 \
        carc_status s_ = (call);                                                       \
        check_status(s_, (want), (want), #call, __LINE__);                             \
        check_same(g_, b_, HZ_FP_NO_ERROR, #call, __LINE__);                           \
        if (carc_game_last_error(g_)[0] == '\0')                                       \
            fail_msg("line %d: %s failed but left no last-error text", __LINE__, #call); \
    } while (0)

/* Buffers and growable structs: bytes past what the call may write keep this value. */
#define GUARD 0xA5

static inline void check_guard(const void *p, size_t from, size_t to, const char *what, int line)
{
    const unsigned char *b = p;
    for (size_t i = from; i < to; i++)
        if (b[i] != GUARD)
            fail_msg("line %d: %s wrote byte %zu (limit %zu)", line, what, i, from);
}

#define FOR_GAMES(f, i) for (int i = 0; i < G_COUNT; i++)

/* The Dice Game part (misuse_dice.c): fixture and table entries. */
void dice_fixture_setup(fx *f);
void dice_fixture_teardown(fx *f);
void dice_fixture_cleanup(void);
#define DICE_ENTRIES(X)                                                                                        \
    X(dice_city_points) X(dice_faces_check) X(dice_faces_init) X(dice_faces_parse) X(dice_game_action)         \
    X(dice_game_action_count) X(dice_game_can_undo) X(dice_game_cell) X(dice_game_check_action)                \
    X(dice_game_check_action_msg) X(dice_game_city_bounds) X(dice_game_clone) X(dice_game_current_player)      \
    X(dice_game_die) X(dice_game_doubled) X(dice_game_event) X(dice_game_event_count) X(dice_game_faces)       \
    X(dice_game_free) X(dice_game_kept_knight) X(dice_game_largest_closed_city) X(dice_game_last_error)        \
    X(dice_game_last_roll) X(dice_game_legal_actions) X(dice_game_load) X(dice_game_new)                       \
    X(dice_game_options_get) X(dice_game_phase) X(dice_game_play) X(dice_game_player_dice)                     \
    X(dice_game_players) X(dice_game_rolls) X(dice_game_save) X(dice_game_score) X(dice_game_set_next_roll)    \
    X(dice_game_turn) X(dice_game_undo) X(dice_game_winner) X(dice_options_init)
#define DECLARE_ENTRY(name) void m_##name(fx *f);
DICE_ENTRIES(DECLARE_ENTRY)
#undef DECLARE_ENTRY


#endif
