/* SPDX-License-Identifier: MIT */
/*
 * The Dice Game rules: the generator, the scoring table, the legality of
 * actions and their effects (the grid is dice_grid.c, the list of legal
 * actions dice_enum.c).
 *
 * Rules: docs/dice.md, with D-1..D-8 and the project decisions (each is also marked PROJECT DECISION where it is coded).
 */
#include "dice_internal.h"
#include "util/mix.h"
#include <stdarg.h>
#include <stdio.h>

_Static_assert(sizeof(carci_dice_state) == 112, "carci_dice_state has no padding");
_Static_assert(CARCI_DICE_N <= 16, "die masks are 16-bit");

/* ------------------------------------------------------------ generator */

/* A face 0..5, uniform, without modulo bias (splitmix64: util/mix.h). */
static uint8_t roll_face(uint64_t *s)
{
    return (uint8_t)carci_uniform(s, 6u);
}

/* --------------------------------------------------------------- scoring */

int32_t carci_dice_points(uint32_t dice)
{
    /* 3->1 4->3 5->6 6->10 7->15 8->21 9->28; fewer than 3 dice: 0 (D-7) */
    if (dice < 3 || dice > CARC_DICE_COUNT)
        return 0;
    return (int32_t)((dice - 2) * (dice - 1) / 2);
}

/* ---------------------------------------------------------------- counts */

unsigned carci_dice_count_loc(const carc_dice_game *g, unsigned loc)
{
    unsigned n = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++)
        n += g->st.dice[d].loc == loc;
    return n;
}

/* Whether the player to move can still do anything but end the turn. */
static bool more_to_do(const carc_dice_game *g)
{
    if (carci_dice_count_loc(g, CARC_DICE_LOC_POOL) == 0)
        return false;
    if (g->st.rolls < CARC_DICE_MAX_ROLLS)
        return true;
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc != CARC_DICE_LOC_POOL)
            continue;
        if (e->face == CARC_DICE_FACE_KNIGHT)
            return true;
        if (e->face < CARC_DICE_CITY_FACES && carci_dice_placeable(g, d))
            return true;
    }
    return false;
}

/* ---------------------------------------------------------------- checks */

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static carc_status reject(char *err, size_t cap, carc_status s, const char *fmt, ...)
{
    if (err && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, cap, fmt, ap);
        va_end(ap);
    }
    return s;
}

static const char *const phase_names[] = { "roll", "choose", "knight option", "game over" };
static const char *const kind_names[] = { "roll", "set knight", "build", "stop", "knight option" };

carc_status carci_dice_check(const carc_dice_game *g, const carc_dice_action *a, char *err, size_t cap)
{
    const carci_dice_state *st = &g->st;
    if (!a)
        return reject(err, cap, CARC_EINVAL, "invalid argument: NULL action");
    if (st->phase == CARC_DICE_PHASE_GAME_OVER)
        return reject(err, cap, CARC_EGAME_OVER, "the game is over");
    if (a->reserved)
        return reject(err, cap, CARC_EINVAL, "action: reserved field must be 0");
    switch (a->kind) {
    case CARC_DICE_ACT_ROLL:
    case CARC_DICE_ACT_STOP:
    case CARC_DICE_ACT_KNIGHT_OPTION:
        if (a->die || a->x || a->y || a->rotation)
            return reject(err, cap, CARC_EINVAL, "%s: die, x, y and rotation must be 0", kind_names[a->kind]);
        break;
    case CARC_DICE_ACT_SET_KNIGHT:
        if (a->x || a->y || a->rotation)
            return reject(err, cap, CARC_EINVAL, "set knight: x, y and rotation must be 0");
        if (a->die >= CARCI_DICE_N)
            return reject(err, cap, CARC_ERANGE, "die %u out of range (0..8)", a->die);
        break;
    case CARC_DICE_ACT_BUILD: {
        carci_dice_window w;
        if (a->die >= CARCI_DICE_N)
            return reject(err, cap, CARC_ERANGE, "die %u out of range (0..8)", a->die);
        if (a->rotation > 3)
            return reject(err, cap, CARC_ERANGE, "rotation %u out of range (0..3)", a->rotation);
        carci_dice_window_get(g, &w);
        if (!carci_dice_in_window(&w, a->x, a->y))
            return reject(err, cap, CARC_ERANGE,
                          "cell %d,%d is more than %d cells beyond the city (x %d..%d, y %d..%d)", (int)a->x,
                          (int)a->y, CARCI_DICE_R, (int)w.x0, (int)w.x1, (int)w.y0, (int)w.y1);
        break;
    }
    default:
        return reject(err, cap, CARC_EINVAL, "unknown action kind %u", a->kind);
    }

    unsigned free_dice = carci_dice_count_loc(g, CARC_DICE_LOC_POOL);
    const carci_dice_die *d = a->kind == CARC_DICE_ACT_SET_KNIGHT || a->kind == CARC_DICE_ACT_BUILD
                                  ? &st->dice[a->die]
                                  : NULL;
    switch (a->kind) {
    case CARC_DICE_ACT_ROLL:
        if (st->phase == CARC_DICE_PHASE_ROLL)
            return CARC_OK;
        if (st->phase != CARC_DICE_PHASE_CHOOSE)
            return reject(err, cap, CARC_EPHASE, "no roll in the %s phase", phase_names[st->phase]);
        if (st->rolls >= CARC_DICE_MAX_ROLLS)
            return reject(err, cap, CARC_EILLEGAL, "no roll left (%d rolls a turn)", CARC_DICE_MAX_ROLLS);
        if (free_dice == 0)
            return reject(err, cap, CARC_EILLEGAL, "no free die left to roll");
        return CARC_OK;
    case CARC_DICE_ACT_SET_KNIGHT:
        if (st->phase != CARC_DICE_PHASE_CHOOSE)
            return reject(err, cap, CARC_EPHASE, "no knight can be set aside in the %s phase",
                          phase_names[st->phase]);
        if (d->loc != CARC_DICE_LOC_POOL)
            return reject(err, cap, CARC_EILLEGAL, "die %u is not free (set aside, built or handed on)", a->die);
        if (d->face != CARC_DICE_FACE_KNIGHT)
            return reject(err, cap, CARC_EILLEGAL, "die %u does not show a knight", a->die);
        return CARC_OK;
    case CARC_DICE_ACT_BUILD: {
        if (st->phase != CARC_DICE_PHASE_CHOOSE)
            return reject(err, cap, CARC_EPHASE, "nothing can be built in the %s phase", phase_names[st->phase]);
        if (d->loc != CARC_DICE_LOC_POOL)
            return reject(err, cap, CARC_EILLEGAL, "die %u is not free (set aside, built or handed on)", a->die);
        if (d->face >= CARC_DICE_CITY_FACES)
            return reject(err, cap, CARC_EILLEGAL, "die %u does not show a city", a->die);
        if (carci_dice_built_count(g) == 0 && (a->x != 0 || a->y != 0))
            return reject(err, cap, CARC_EILLEGAL, "the first die of a turn is built at 0,0");
        int other = carci_dice_die_at(g, a->x, a->y);
        if (other >= 0)
            return reject(err, cap, CARC_EILLEGAL, "cell %d,%d already holds die %d", (int)a->x, (int)a->y, other);
        uint8_t edges = carci_dice_rot_edges(g->faces.city[d->face], a->rotation);
        if (!carci_dice_fits(g, edges, a->x, a->y))
            return reject(err, cap, CARC_EILLEGAL,
                          "die %u at %d,%d rotation %u: an edge does not match its neighbour (black must meet "
                          "black, white must meet white)",
                          a->die, (int)a->x, (int)a->y, a->rotation);
        return CARC_OK;
    }
    case CARC_DICE_ACT_STOP:
        if (st->phase == CARC_DICE_PHASE_ROLL)
            return reject(err, cap, CARC_EPHASE, "roll first: a turn starts with a roll");
        return CARC_OK;
    case CARC_DICE_ACT_KNIGHT_OPTION:
        if (st->phase == CARC_DICE_PHASE_ROLL)
            return reject(err, cap, CARC_EPHASE, "roll first: a turn starts with a roll");
        if (carci_dice_count_loc(g, CARC_DICE_LOC_KNIGHT) < CARC_DICE_KNIGHT_OPTION_KNIGHTS)
            return reject(err, cap, CARC_EILLEGAL, "the knight option needs %d knights set aside (%u)",
                          CARC_DICE_KNIGHT_OPTION_KNIGHTS, carci_dice_count_loc(g, CARC_DICE_LOC_KNIGHT));
        return CARC_OK;
    default:
        return CARC_EINVAL;
    }
}

/* --------------------------------------------------------------- effects */

static void push_event(carc_dice_game *g, uint8_t kind, int32_t points, unsigned dice, unsigned doubled,
                       unsigned to, unsigned reason)
{
    carci_dice_ev *e = &g->ev[g->st.n_events++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->player = g->st.cur;
    e->dice = (uint8_t)dice;
    e->doubled = (uint8_t)doubled;
    e->to = (uint8_t)to;
    e->reason = (uint8_t)reason;
    e->points = points;
    e->action = g->st.n_hist - 1u;
    e->turn = g->st.turn;
}

static void win(carc_dice_game *g, unsigned reason)
{
    carci_dice_state *st = &g->st;
    st->phase = CARC_DICE_PHASE_GAME_OVER;
    st->winner = st->cur;
    st->reason = (uint8_t)reason;
    push_event(g, CARC_DICE_EVENT_WIN, st->score[st->cur], st->catapults, 0, 0, reason);
}

/* The next player's turn: every die but the kept knights of others goes to
 * him (the left neighbour, who plays next); his own kept knight comes back
 * into his pool and makes the turn a doubled one (D-5). */
static void next_turn(carc_dice_game *g)
{
    carci_dice_state *st = &g->st;
    uint8_t next = (uint8_t)((st->cur + 1u) % st->players);
    st->doubled = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        carci_dice_die *e = &st->dice[d];
        if (e->loc == CARC_DICE_LOC_KEPT && e->player != next)
            continue;
        if (e->loc == CARC_DICE_LOC_KEPT)
            st->doubled = 1;
        memset(e, 0, sizeof *e);
        e->loc = CARC_DICE_LOC_POOL;
        e->face = CARC_DICE_FACE_NONE;
        e->player = next;
    }
    st->cur = next;
    st->turn++;
    st->rolls = 0;
    st->catapults = 0;
    st->phase = CARC_DICE_PHASE_ROLL;
}

/* Stop: the largest closed city scores (D-7: fewer than 3 dice score 0),
 * doubled after a kept knight; reaching 42 wins at once (D-6). */
static void stop_turn(carc_dice_game *g)
{
    carci_dice_state *st = &g->st;
    uint32_t n = carci_dice_largest_closed(g, NULL);
    int32_t pts = carci_dice_points(n) * (st->doubled ? 2 : 1);
    st->score[st->cur] += pts;
    push_event(g, CARC_DICE_EVENT_SCORE, pts, n, st->doubled, 0, 0);
    if (st->score[st->cur] >= CARC_DICE_WIN_SCORE)
        win(g, CARC_DICE_WIN_SCORE_REACHED);
    else
        next_turn(g);
}

/* After an action in the CHOOSE phase: a turn in which nothing but ending is
 * left ends by itself (a stop), unless the knight option is open, which the
 * player must then decide (KNIGHT_OPTION phase). PROJECT DECISION. */
static void settle(carc_dice_game *g)
{
    if (g->st.phase != CARC_DICE_PHASE_CHOOSE || more_to_do(g))
        return;
    if (carci_dice_count_loc(g, CARC_DICE_LOC_KNIGHT) >= CARC_DICE_KNIGHT_OPTION_KNIGHTS)
        g->st.phase = CARC_DICE_PHASE_KNIGHT_OPTION;
    else
        stop_turn(g);
}

void carci_dice_apply(carc_dice_game *g, const carc_dice_action *a)
{
    carci_dice_state *st = &g->st;
    carci_dice_hist *h = &g->hist[st->n_hist++];
    memset(h, 0, sizeof *h);
    h->kind = (uint8_t)a->kind;
    h->player = st->cur;

    switch (a->kind) {
    case CARC_DICE_ACT_ROLL: {
        /* Every free die is rolled, in die order. Catapults are handed at once
         * to the left neighbour, on every roll (D-3); they count towards the
         * 9 of an instant win for the whole turn (D-4). */
        uint8_t left = (uint8_t)((st->cur + 1u) % st->players);
        unsigned k = 0, cat = 0;
        for (unsigned d = 0; d < CARCI_DICE_N; d++) {
            carci_dice_die *e = &st->dice[d];
            if (e->loc != CARC_DICE_LOC_POOL)
                continue;
            uint8_t f = roll_face(&st->rng); /* always drawn: the generator advances the same */
            if (k < st->n_preset)
                f = st->preset[k];
            k++;
            h->faces[h->nfaces++] = f;
            h->rolled = (uint16_t)(h->rolled | 1u << d);
            e->face = f;
            if (f == CARC_DICE_FACE_CATAPULT) {
                e->loc = CARC_DICE_LOC_CATAPULT;
                e->player = left;
                cat++;
            }
        }
        st->n_preset = 0;
        memset(st->preset, 0, sizeof st->preset);
        st->rolls++;
        st->phase = CARC_DICE_PHASE_CHOOSE;
        if (cat) {
            st->catapults = (uint8_t)(st->catapults + cat);
            push_event(g, CARC_DICE_EVENT_CATAPULTS, 0, cat, 0, left, 0);
            if (st->catapults == CARCI_DICE_N) {
                win(g, CARC_DICE_WIN_CATAPULTS);
                return;
            }
        }
        settle(g);
        return;
    }
    case CARC_DICE_ACT_SET_KNIGHT:
        h->die = (uint8_t)a->die;
        st->dice[a->die].loc = CARC_DICE_LOC_KNIGHT;
        settle(g);
        return;
    case CARC_DICE_ACT_BUILD: {
        carci_dice_die *e = &st->dice[a->die];
        h->die = (uint8_t)a->die;
        h->x = (int8_t)a->x;
        h->y = (int8_t)a->y;
        h->rot = (uint8_t)a->rotation;
        e->loc = CARC_DICE_LOC_CITY;
        e->x = (int8_t)a->x;
        e->y = (int8_t)a->y;
        e->rot = (uint8_t)a->rotation;
        settle(g);
        return;
    }
    case CARC_DICE_ACT_STOP:
        stop_turn(g);
        return;
    case CARC_DICE_ACT_KNIGHT_OPTION: {
        /* D-5: no score this turn (a doubled turn forfeits its doubling); the
         * lowest-numbered knight die is kept, the other knights are passed on
         * with the rest of the dice; the next turn scores double (x2, never
         * more: the player holds one kept knight at most). */
        unsigned knights = carci_dice_count_loc(g, CARC_DICE_LOC_KNIGHT);
        push_event(g, CARC_DICE_EVENT_KNIGHTS, 0, knights, st->doubled, 0, 0);
        for (unsigned d = 0; d < CARCI_DICE_N; d++)
            if (st->dice[d].loc == CARC_DICE_LOC_KNIGHT) {
                st->dice[d].loc = CARC_DICE_LOC_KEPT;
                break;
            }
        next_turn(g);
        return;
    }
    default:
        return;
    }
}

void carci_dice_hist_action(const carci_dice_hist *h, carc_dice_action *out)
{
    memset(out, 0, sizeof *out);
    out->kind = h->kind;
    if (h->kind == CARC_DICE_ACT_SET_KNIGHT || h->kind == CARC_DICE_ACT_BUILD)
        out->die = h->die;
    if (h->kind == CARC_DICE_ACT_BUILD) {
        out->x = h->x;
        out->y = h->y;
        out->rotation = h->rot;
    }
}
