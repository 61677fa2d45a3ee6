/* SPDX-License-Identifier: MIT */
/* Helpers shared by the Dice Game tests: fixed rolls, short action calls, a bot. */
#ifndef CARC_DICE_TEST_UTIL_H
#define CARC_DICE_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <carcassonne/dice.h>

/* Room for any list of legal actions: with b dice built the grid's reach is
 * at most (8b + 9)^2 cells, for 9 - b free dice in 4 rotations (b = 6: about
 * 39,000), plus a roll, knights, stop and the knight option. */
#define DT_MAX_ACTIONS 65536

/* Faces of the default set, by name. */
enum { CAP = 0, CORNER = 1, STRAIGHT = 2, TEE = 3, KN = 4, CAT = 5 };

static inline uint64_t dt_rand(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static inline carc_dice_game *dt_new_faces(uint32_t players, uint64_t seed, const carc_dice_faces *faces)
{
    carc_dice_options o = CARC_DICE_OPTIONS_INIT;
    o.players = players;
    o.seed = seed;
    o.faces = faces;
    carc_dice_game *g = NULL;
    assert_int_equal(carc_dice_game_new(&g, &o), CARC_OK);
    assert_non_null(g);
    return g;
}

static inline carc_dice_game *dt_new(uint32_t players, uint64_t seed)
{
    return dt_new_faces(players, seed, NULL);
}

static inline carc_status dt_act(carc_dice_game *g, uint32_t kind, uint32_t die, int32_t x, int32_t y, uint32_t rot)
{
    carc_dice_action a = { kind, die, x, y, rot, 0 };
    return carc_dice_game_play(g, &a);
}

/* Roll with fixed faces (n = the dice that will be rolled). */
static inline void dt_roll_n(carc_dice_game *g, const uint8_t *faces, size_t n)
{
    assert_int_equal(carc_dice_game_set_next_roll(g, faces, n), CARC_OK);
    assert_int_equal(dt_act(g, CARC_DICE_ACT_ROLL, 0, 0, 0, 0), CARC_OK);
}
#define DT_ROLL(g, ...)                                              \
    do {                                                             \
        const uint8_t dt_faces_[] = { __VA_ARGS__ };                 \
        dt_roll_n((g), dt_faces_, sizeof dt_faces_ / sizeof dt_faces_[0]); \
    } while (0)

#define DT_OK(expr) assert_int_equal((expr), CARC_OK)
#define dt_build(g, die, x, y, r) dt_act((g), CARC_DICE_ACT_BUILD, (die), (x), (y), (r))
#define dt_knight(g, die) dt_act((g), CARC_DICE_ACT_SET_KNIGHT, (die), 0, 0, 0)
#define dt_stop(g) dt_act((g), CARC_DICE_ACT_STOP, 0, 0, 0, 0)
#define dt_keep(g) dt_act((g), CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0)
#define dt_reroll(g) dt_act((g), CARC_DICE_ACT_ROLL, 0, 0, 0, 0)

static inline uint32_t dt_phase(const carc_dice_game *g)
{
    uint32_t p = 99;
    DT_OK(carc_dice_game_phase(&p, g));
    return p;
}

static inline uint32_t dt_cur(const carc_dice_game *g)
{
    uint32_t p = 99;
    DT_OK(carc_dice_game_current_player(&p, g));
    return p;
}

static inline int32_t dt_score(const carc_dice_game *g, uint32_t player)
{
    int32_t s = -1;
    DT_OK(carc_dice_game_score(&s, g, player));
    return s;
}

static inline carc_dice_die dt_die(const carc_dice_game *g, uint32_t d)
{
    carc_dice_die die;
    memset(&die, 0, sizeof die);
    die.struct_size = sizeof die;
    DT_OK(carc_dice_game_die(&die, g, d));
    return die;
}

static inline uint32_t dt_count_loc(const carc_dice_game *g, uint32_t loc)
{
    uint32_t n = 0;
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++)
        n += dt_die(g, d).location == loc;
    return n;
}

static inline carc_dice_event dt_event(const carc_dice_game *g, uint32_t i)
{
    carc_dice_event e;
    memset(&e, 0, sizeof e);
    e.struct_size = sizeof e;
    DT_OK(carc_dice_game_event(&e, g, i));
    return e;
}

static inline carc_dice_event dt_last_event(const carc_dice_game *g)
{
    uint32_t n = 0;
    DT_OK(carc_dice_game_event_count(&n, g));
    assert_true(n > 0);
    return dt_event(g, n - 1);
}

/* The record of a game (malloc'ed). */
static inline char *dt_save(const carc_dice_game *g)
{
    size_t need = 0;
    carc_status st = carc_dice_game_save(NULL, 0, &need, g);
    assert_int_equal(st, CARC_EBUFFER); /* a record is never empty */
    char *t = malloc(need + 1);
    assert_non_null(t);
    size_t need2 = 0;
    DT_OK(carc_dice_game_save(t, need + 1, &need2, g));
    assert_int_equal(need, need2);
    assert_int_equal(strlen(t), need);
    return t;
}

/* ------------------------------------------------------------------ bot */
/* The bot of examples/carc-dice-demo.c, with an optional share of random moves. */

/* The built dice as the bot sees them. */
typedef struct dt_city {
    uint32_t n;
    int32_t x[CARC_DICE_COUNT + 1], y[CARC_DICE_COUNT + 1];
    uint32_t edges[CARC_DICE_COUNT + 1];
} dt_city;

static inline int dt_city_find(const dt_city *c, int32_t x, int32_t y)
{
    for (uint32_t i = 0; i < c->n; i++)
        if (c->x[i] == x && c->y[i] == y)
            return (int)i;
    return -1;
}

/* How good the best city is: a closed city of 3 dice or more beats
 * everything, a closed city of 1 or 2 (worth nothing, it can never grow) is
 * worst, else more dice and fewer open black edges. */
static inline int dt_city_value(const dt_city *c)
{
    static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
    uint32_t seen = 0;
    int best = -1000000;
    for (uint32_t i0 = 0; i0 < c->n; i0++) {
        if ((seen >> i0) & 1u)
            continue;
        uint32_t stack[CARC_DICE_COUNT + 1], sp = 0;
        int size = 0, open = 0;
        stack[sp++] = i0;
        seen |= 1u << i0;
        while (sp) {
            uint32_t i = stack[--sp];
            size++;
            for (int s = 0; s < 4; s++) {
                if (!((c->edges[i] >> s) & 1u))
                    continue;
                int nb = dt_city_find(c, c->x[i] + dx[s], c->y[i] + dy[s]);
                if (nb < 0) {
                    open++;
                    continue;
                }
                if (!((seen >> nb) & 1u)) {
                    seen |= 1u << nb;
                    stack[sp++] = (uint32_t)nb;
                }
            }
        }
        int v = open == 0 ? (size >= 3 ? 1000 + 10 * size : -100) : 2 * size - 3 * open;
        if (v > best)
            best = v;
    }
    return best;
}

static inline uint32_t dt_rot(uint32_t e, uint32_t r)
{
    return ((e << r) | (e >> (4u - r))) & 0xFu;
}

/* `random_pct` percent of the decisions are a random legal action. */
static inline carc_dice_action dt_bot(const carc_dice_game *g, uint64_t *rng, unsigned random_pct)
{
    static carc_dice_action list[DT_MAX_ACTIONS];
    carc_dice_action act = { CARC_DICE_ACT_STOP, 0, 0, 0, 0, 0 };
    uint32_t phase = dt_phase(g), rolls = 0, closed = 0;
    bool doubled = false;
    size_t n = 0;
    if (phase == CARC_DICE_PHASE_ROLL) {
        act.kind = CARC_DICE_ACT_ROLL;
        return act;
    }
    if (rng && random_pct && dt_rand(rng) % 100u < random_pct) {
        uint32_t flags = dt_rand(rng) % 4u == 0 ? 0u
                                                 : (uint32_t)(CARC_DICE_ENUM_TOUCHING | CARC_DICE_ENUM_UNIQUE_ROTATIONS);
        DT_OK(carc_dice_game_legal_actions(list, sizeof list / sizeof list[0], &n, g, flags));
        assert_true(n > 0);
        return list[dt_rand(rng) % n];
    }
    DT_OK(carc_dice_game_rolls(&rolls, g));
    DT_OK(carc_dice_game_largest_closed_city(&closed, NULL, g));
    DT_OK(carc_dice_game_doubled(&doubled, g));
    int32_t points = carc_dice_city_points(closed) * (doubled ? 2 : 1);
    uint32_t aside = 0, free_knights = 0, free_dice = 0, first_knight = 0;
    dt_city city;
    city.n = 0;
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die = dt_die(g, d);
        if (die.location == CARC_DICE_LOC_KNIGHT)
            aside++;
        if (die.location == CARC_DICE_LOC_CITY) {
            city.x[city.n] = die.x;
            city.y[city.n] = die.y;
            city.edges[city.n++] = die.edges;
        }
        if (die.location == CARC_DICE_LOC_POOL) {
            free_dice++;
            if (die.face == CARC_DICE_FACE_KNIGHT && free_knights++ == 0)
                first_knight = d;
        }
    }
    bool knight_option = aside >= CARC_DICE_KNIGHT_OPTION_KNIGHTS;
    if (phase == CARC_DICE_PHASE_KNIGHT_OPTION) {
        act.kind = points < 3 ? CARC_DICE_ACT_KNIGHT_OPTION : CARC_DICE_ACT_STOP;
        return act;
    }
    if (closed >= 4)
        return act;
    if (free_knights && aside + free_knights >= CARC_DICE_KNIGHT_OPTION_KNIGHTS && !knight_option) {
        act.kind = CARC_DICE_ACT_SET_KNIGHT;
        act.die = first_knight;
        return act;
    }
    const uint32_t flags = CARC_DICE_ENUM_UNIQUE_ROTATIONS | CARC_DICE_ENUM_UNIQUE_DICE | CARC_DICE_ENUM_TOUCHING;
    DT_OK(carc_dice_game_legal_actions(list, sizeof list / sizeof list[0], &n, g, flags));
    int best = dt_city_value(&city);
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        if (list[i].kind != CARC_DICE_ACT_BUILD)
            continue;
        city.x[city.n] = list[i].x;
        city.y[city.n] = list[i].y;
        city.edges[city.n] = dt_rot(dt_die(g, list[i].die).edges, list[i].rotation);
        city.n++;
        int v = dt_city_value(&city);
        city.n--;
        if (v > best) {
            best = v;
            act = list[i];
            found = true;
        }
    }
    if (found)
        return act;
    act.kind = CARC_DICE_ACT_STOP;
    if (rolls < CARC_DICE_MAX_ROLLS && free_dice > 0 && !(knight_option && points < 3 && free_knights == 0)) {
        act.kind = CARC_DICE_ACT_ROLL;
        return act;
    }
    if (knight_option && points < 3)
        act.kind = CARC_DICE_ACT_KNIGHT_OPTION;
    return act;
}

#endif
