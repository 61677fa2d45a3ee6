/* SPDX-License-Identifier: MIT */
/*
 * The Dice Game handle: options and face sets, life cycle (new, free,
 * clone), queries, play and undo, the roll hook, events. Every public
 * function checks its arguments; a mutating call that fails sets the
 * last-error text and leaves the game unchanged.
 */
#include "dice_internal.h"
#include "util/abi.h"
#include <stdarg.h>
#include <stdio.h>

carc_status carci_dice_fail(carc_dice_game *g, carc_status s, const char *fmt, ...)
{
    if (g) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(g->err, sizeof g->err, fmt, ap);
        va_end(ap);
    }
    return s;
}

/* ------------------------------------------------------------ face sets */

carc_status carc_dice_faces_init(carc_dice_faces *faces, uint32_t version)
{
    CARCI_CHECK(faces);
    if (version != CARC_DICE_FACES_VERSION)
        return CARC_EVERSION;
    carc_dice_faces d = CARC_DICE_FACES_INIT;
    *faces = d;
    return CARC_OK;
}

carc_status carc_dice_faces_check(const carc_dice_faces *faces)
{
    CARCI_CHECK(faces);
    if (faces->version != CARC_DICE_FACES_VERSION)
        return CARC_EVERSION;
    /* Each face is one city segment by definition (all its black edges are
     * connected through the face), so only "at least one black edge, no
     * unknown bit" is checked. */
    for (unsigned i = 0; i < CARC_DICE_CITY_FACES; i++)
        if (faces->city[i] == 0 || faces->city[i] > 0xF)
            return CARC_EINVAL;
    return CARC_OK;
}

carc_status carc_dice_faces_parse(carc_dice_faces *out, const char *text)
{
    CARCI_CHECK(out && text);
    carc_dice_faces f = CARC_DICE_FACES_INIT;
    const char *p = text;
    for (unsigned i = 0; i < CARC_DICE_CITY_FACES; i++) {
        uint8_t m = 0;
        for (unsigned s = 0; s < 4; s++, p++) {
            if (*p == 'B')
                m = (uint8_t)(m | 1u << s);
            else if (*p != 'W')
                return CARC_EPARSE;
        }
        if (i + 1 < CARC_DICE_CITY_FACES && *p++ != ' ')
            return CARC_EPARSE;
        f.city[i] = m;
    }
    if (*p != '\0')
        return CARC_EPARSE;
    if (carc_dice_faces_check(&f) != CARC_OK)
        return CARC_EINVAL;
    *out = f;
    return CARC_OK;
}

/* ------------------------------------------------------------ life cycle */

carc_status carc_dice_options_init(carc_dice_options *opts, uint32_t version)
{
    CARCI_CHECK(opts);
    if (version != CARC_DICE_OPTIONS_VERSION)
        return CARC_EVERSION;
    carc_dice_options d = CARC_DICE_OPTIONS_INIT;
    *opts = d;
    return CARC_OK;
}

#define HIST_INIT 64u
#define EV_INIT 32u
#define SNAPS_INIT 64u

static void free_game(carc_dice_game *g)
{
    carc_allocator a = g->alloc;
    carci_free(&a, g->hist, g->hist_cap * sizeof *g->hist);
    carci_free(&a, g->ev, g->ev_cap * sizeof *g->ev);
    carci_free(&a, g->snaps, g->snaps_cap * sizeof *g->snaps);
    carci_free(&a, g, sizeof *g);
}

/* A handle with arrays of at least the given capacities (never below the
 * initial ones), everything else zero. */
static carc_status alloc_game(carc_dice_game **out, const carc_allocator *a, uint32_t hist, uint32_t ev,
                              uint32_t snaps)
{
    carc_dice_game *g = carci_alloc(a, sizeof *g);
    if (!g)
        return CARC_ENOMEM;
    memset(g, 0, sizeof *g);
    g->alloc = *a;
    g->hist_cap = hist > HIST_INIT ? hist : HIST_INIT;
    g->ev_cap = ev > EV_INIT ? ev : EV_INIT;
    g->snaps_cap = snaps > SNAPS_INIT ? snaps : SNAPS_INIT;
    g->hist = carci_alloc(a, g->hist_cap * sizeof *g->hist);
    g->ev = carci_alloc(a, g->ev_cap * sizeof *g->ev);
    g->snaps = carci_alloc(a, g->snaps_cap * sizeof *g->snaps);
    if (!g->hist || !g->ev || !g->snaps) {
        if (!g->hist)
            g->hist_cap = 0;
        if (!g->ev)
            g->ev_cap = 0;
        if (!g->snaps)
            g->snaps_cap = 0;
        free_game(g);
        return CARC_ENOMEM;
    }
    *out = g;
    return CARC_OK;
}

carc_status carc_dice_game_new(carc_dice_game **out, const carc_dice_options *opts)
{
    if (out)
        *out = NULL;
    CARCI_CHECK(out && opts);
    if (opts->version != CARC_DICE_OPTIONS_VERSION)
        return CARC_EVERSION;
    if (opts->players < 2 || opts->players > CARCI_DICE_MAX_PLAYERS)
        return CARC_ERANGE;
    const carc_allocator *a = opts->allocator ? opts->allocator : &carci_default_allocator;
    CARCI_CHECK(a->alloc && a->realloc && a->free);
    carc_dice_faces faces = CARC_DICE_FACES_INIT;
    if (opts->faces) {
        carc_status s = carc_dice_faces_check(opts->faces);
        if (s != CARC_OK)
            return s;
        faces = *opts->faces;
    }

    carc_dice_game *g;
    carc_status s = alloc_game(&g, a, 0, 0, 0);
    if (s != CARC_OK)
        return s;
    g->faces = faces;
    g->seed = opts->seed;
    carci_dice_state *st = &g->st;
    memset(st, 0, sizeof *st);
    st->rng = opts->seed;
    st->players = (uint8_t)opts->players;
    st->phase = CARC_DICE_PHASE_ROLL;
    st->winner = CARCI_DICE_NONE;
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        st->dice[d].loc = CARC_DICE_LOC_POOL;
        st->dice[d].face = CARC_DICE_FACE_NONE;
    }
    *out = g;
    return CARC_OK;
}

void carc_dice_game_free(carc_dice_game *game)
{
    if (game)
        free_game(game);
}

carc_status carc_dice_game_clone(carc_dice_game **out, const carc_dice_game *game, uint32_t flags)
{
    if (out)
        *out = NULL;
    CARCI_CHECK(out && game && !(flags & ~(uint32_t)CARC_CLONE_NO_HISTORY));
    bool keep_undo = !(flags & CARC_CLONE_NO_HISTORY);
    carc_dice_game *g;
    carc_status s = alloc_game(&g, &game->alloc, game->hist_cap, game->ev_cap, keep_undo ? game->snaps_cap : 0);
    if (s != CARC_OK)
        return s;
    g->faces = game->faces;
    g->seed = game->seed;
    memcpy(&g->st, &game->st, sizeof g->st);
    if (game->st.n_hist)
        memcpy(g->hist, game->hist, game->st.n_hist * sizeof *g->hist);
    if (game->st.n_events)
        memcpy(g->ev, game->ev, game->st.n_events * sizeof *g->ev);
    if (keep_undo && game->n_snaps) {
        memcpy(g->snaps, game->snaps, game->n_snaps * sizeof *g->snaps);
        g->n_snaps = game->n_snaps;
    }
    memcpy(g->err, game->err, sizeof g->err);
    *out = g;
    return CARC_OK;
}

const char *carc_dice_game_last_error(const carc_dice_game *game)
{
    return game ? game->err : "invalid argument: NULL game";
}

carc_status carc_dice_game_options_get(carc_dice_options *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    carc_dice_options o = CARC_DICE_OPTIONS_INIT;
    o.players = g->st.players;
    o.seed = g->seed;
    *out = o;
    return CARC_OK;
}

carc_status carc_dice_game_faces(carc_dice_faces *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->faces;
    return CARC_OK;
}

/* ---------------------------------------------------------------- queries */

carc_status carc_dice_game_phase(uint32_t *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.phase;
    return CARC_OK;
}

carc_status carc_dice_game_players(uint32_t *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.players;
    return CARC_OK;
}

carc_status carc_dice_game_current_player(uint32_t *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.cur;
    return CARC_OK;
}

carc_status carc_dice_game_turn(uint32_t *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.turn;
    return CARC_OK;
}

carc_status carc_dice_game_rolls(uint32_t *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.rolls;
    return CARC_OK;
}

carc_status carc_dice_game_doubled(bool *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.doubled != 0;
    return CARC_OK;
}

carc_status carc_dice_game_score(int32_t *out, const carc_dice_game *g, uint32_t player)
{
    CARCI_CHECK(out && g);
    if (player >= g->st.players)
        return CARC_ERANGE;
    *out = g->st.score[player];
    return CARC_OK;
}

carc_status carc_dice_game_kept_knight(uint32_t *die, const carc_dice_game *g, uint32_t player)
{
    CARCI_CHECK(die && g);
    if (player >= g->st.players)
        return CARC_ERANGE;
    for (unsigned d = 0; d < CARCI_DICE_N; d++)
        if (g->st.dice[d].loc == CARC_DICE_LOC_KEPT && g->st.dice[d].player == player) {
            *die = d;
            return CARC_OK;
        }
    return CARC_ENOTFOUND;
}

carc_status carc_dice_game_winner(uint32_t *player, uint32_t *reason, const carc_dice_game *g)
{
    CARCI_CHECK(player && g);
    if (g->st.phase != CARC_DICE_PHASE_GAME_OVER)
        return CARC_ENOTFOUND;
    *player = g->st.winner;
    if (reason)
        *reason = g->st.reason;
    return CARC_OK;
}

carc_status carc_dice_game_die(carc_dice_die *out, const carc_dice_game *g, uint32_t die)
{
    CARCI_CHECK(out && g && out->struct_size >= sizeof(uint32_t));
    if (die >= CARCI_DICE_N)
        return CARC_ERANGE;
    const carci_dice_die *e = &g->st.dice[die];
    carc_dice_die r;
    memset(&r, 0, sizeof r);
    r.location = e->loc;
    r.player = e->player;
    r.face = e->face;
    if (e->loc == CARC_DICE_LOC_CITY) {
        r.x = e->x;
        r.y = e->y;
        r.rotation = e->rot;
    }
    r.edges = carci_dice_die_edges(g, die);
    carci_copy_out(out, &r, sizeof r);
    return CARC_OK;
}

carc_status carc_dice_game_player_dice(uint32_t *mask, const carc_dice_game *g, uint32_t player)
{
    CARCI_CHECK(mask && g);
    if (player >= g->st.players)
        return CARC_ERANGE;
    uint32_t m = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++)
        if (g->st.dice[d].player == player)
            m |= 1u << d;
    *mask = m;
    return CARC_OK;
}

carc_status carc_dice_game_cell(uint32_t *die, const carc_dice_game *g, int32_t x, int32_t y)
{
    CARCI_CHECK(die && g);
    int d = carci_dice_die_at(g, x, y); /* the grid has no edge: any cell is a cell */
    if (d < 0)
        return CARC_ENOTFOUND;
    *die = (uint32_t)d;
    return CARC_OK;
}

carc_status carc_dice_game_city_bounds(int32_t *x0, int32_t *y0, int32_t *x1, int32_t *y1, const carc_dice_game *g)
{
    CARCI_CHECK(x0 && y0 && x1 && y1 && g);
    bool any = false;
    int32_t ax = 0, ay = 0, bx = 0, by = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc != CARC_DICE_LOC_CITY)
            continue;
        if (!any || e->x < ax)
            ax = e->x;
        if (!any || e->y < ay)
            ay = e->y;
        if (!any || e->x > bx)
            bx = e->x;
        if (!any || e->y > by)
            by = e->y;
        any = true;
    }
    if (!any)
        return CARC_ENOTFOUND;
    *x0 = ax;
    *y0 = ay;
    *x1 = bx;
    *y1 = by;
    return CARC_OK;
}

carc_status carc_dice_game_largest_closed_city(uint32_t *dice, uint32_t *mask, const carc_dice_game *g)
{
    CARCI_CHECK(dice && g);
    *dice = carci_dice_largest_closed(g, mask);
    return CARC_OK;
}

int32_t carc_dice_city_points(uint32_t dice)
{
    return carci_dice_points(dice);
}

/* ---------------------------------------------------------------- actions */

carc_status carc_dice_game_legal_actions(carc_dice_action *buf, size_t cap, size_t *count, const carc_dice_game *g,
                                         uint32_t flags)
{
    const uint32_t known = CARC_DICE_ENUM_UNIQUE_ROTATIONS | CARC_DICE_ENUM_UNIQUE_DICE | CARC_DICE_ENUM_TOUCHING;
    CARCI_CHECK(count && g && (buf || cap == 0) && !(flags & ~known));
    size_t n = carci_dice_enumerate(g, buf, cap, flags);
    *count = n;
    return n <= cap ? CARC_OK : CARC_EBUFFER;
}

carc_status carc_dice_game_check_action(const carc_dice_game *g, const carc_dice_action *action)
{
    CARCI_CHECK(g && action);
    return carci_dice_check(g, action, NULL, 0);
}

carc_status carc_dice_game_check_action_msg(const carc_dice_game *g, const carc_dice_action *action, char *msg,
                                            size_t cap)
{
    if (!msg && cap > 0)
        return CARC_EINVAL;
    if (cap > 0)
        msg[0] = '\0';
    if (!g) {
        if (cap > 0)
            snprintf(msg, cap, "invalid argument: NULL game");
        return CARC_EINVAL;
    }
    carc_status s = carci_dice_check(g, action, msg, cap);
    if (s == CARC_OK && cap > 0)
        msg[0] = '\0';
    return s;
}

/* Room for one more action with everything it can cause, so that the
 * mutation itself never fails half-way. Content-preserving; a failure leaves
 * the game as it was (a larger capacity is invisible). */
static bool reserve(carc_dice_game *g)
{
    if (g->hist_cap > UINT32_MAX / 2u || g->ev_cap > UINT32_MAX / 2u || g->snaps_cap > UINT32_MAX / 2u)
        return false; /* a capacity could not double */
    if (g->st.n_hist + 1u > g->hist_cap) {
        uint32_t cap = g->hist_cap * 2u;
        carci_dice_hist *p = carci_realloc(&g->alloc, g->hist, g->hist_cap * sizeof *p, cap * sizeof *p);
        if (!p)
            return false;
        g->hist = p;
        g->hist_cap = cap;
    }
    if (g->st.n_events + CARCI_DICE_EVENTS_PER_ACTION > g->ev_cap) {
        uint32_t cap = g->ev_cap * 2u;
        carci_dice_ev *p = carci_realloc(&g->alloc, g->ev, g->ev_cap * sizeof *p, cap * sizeof *p);
        if (!p)
            return false;
        g->ev = p;
        g->ev_cap = cap;
    }
    if (g->n_snaps + 1u > g->snaps_cap) {
        uint32_t cap = g->snaps_cap * 2u;
        carci_dice_state *p = carci_realloc(&g->alloc, g->snaps, g->snaps_cap * sizeof *p, cap * sizeof *p);
        if (!p)
            return false;
        g->snaps = p;
        g->snaps_cap = cap;
    }
    return true;
}

carc_status carc_dice_game_play(carc_dice_game *g, const carc_dice_action *action)
{
    CARCI_CHECK(g);
    carc_status s = carci_dice_check(g, action, g->err, sizeof g->err);
    if (s != CARC_OK)
        return s;
    if (!reserve(g))
        return carci_dice_fail(g, CARC_ENOMEM, "out of memory");
    memcpy(&g->snaps[g->n_snaps++], &g->st, sizeof g->st);
    carci_dice_apply(g, action);
    g->err[0] = '\0';
    return CARC_OK;
}

carc_status carc_dice_game_action_count(uint32_t *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.n_hist;
    return CARC_OK;
}

carc_status carc_dice_game_action(carc_dice_action *out, const carc_dice_game *g, uint32_t index)
{
    CARCI_CHECK(out && g);
    if (index >= g->st.n_hist)
        return CARC_ERANGE;
    carci_dice_hist_action(&g->hist[index], out);
    return CARC_OK;
}

carc_status carc_dice_game_last_roll(uint8_t *faces, size_t cap, size_t *count, uint32_t *dice,
                                     const carc_dice_game *g)
{
    CARCI_CHECK(count && g && (faces || cap == 0));
    /* every turn starts with a roll, and at most 9 builds or knights and an
     * end follow one: the last roll is among the last few actions */
    for (uint32_t i = g->st.n_hist; i-- > 0;) {
        const carci_dice_hist *h = &g->hist[i];
        if (h->kind != CARC_DICE_ACT_ROLL)
            continue;
        *count = h->nfaces;
        if (dice)
            *dice = h->rolled;
        if (cap < h->nfaces)
            return CARC_EBUFFER;
        if (h->nfaces)
            memcpy(faces, h->faces, h->nfaces);
        return CARC_OK;
    }
    *count = 0;
    if (dice)
        *dice = 0;
    return CARC_ENOTFOUND;
}

carc_status carc_dice_game_undo(carc_dice_game *g)
{
    CARCI_CHECK(g);
    if (g->n_snaps == 0)
        return carci_dice_fail(g, CARC_ENO_UNDO, "nothing to undo");
    memcpy(&g->st, &g->snaps[--g->n_snaps], sizeof g->st);
    g->err[0] = '\0';
    return CARC_OK;
}

carc_status carc_dice_game_can_undo(bool *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->n_snaps > 0;
    return CARC_OK;
}

carc_status carc_dice_game_set_next_roll(carc_dice_game *g, const uint8_t *faces, size_t n)
{
    CARCI_CHECK(g);
    if (!faces && n > 0)
        return carci_dice_fail(g, CARC_EINVAL, "invalid argument: NULL faces");
    if (n > CARCI_DICE_N)
        return carci_dice_fail(g, CARC_ERANGE, "%zu faces for a roll of at most 9 dice", n);
    for (size_t i = 0; i < n; i++)
        if (faces[i] > CARC_DICE_FACE_CATAPULT)
            return carci_dice_fail(g, CARC_ERANGE, "face %u out of range (0..5)", (unsigned)faces[i]);
    if (g->st.phase == CARC_DICE_PHASE_GAME_OVER)
        return carci_dice_fail(g, CARC_EGAME_OVER, "the game is over");
    memset(g->st.preset, 0, sizeof g->st.preset);
    if (n)
        memcpy(g->st.preset, faces, n);
    g->st.n_preset = (uint8_t)n;
    g->err[0] = '\0';
    return CARC_OK;
}

/* ----------------------------------------------------------------- events */

carc_status carc_dice_game_event_count(uint32_t *out, const carc_dice_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->st.n_events;
    return CARC_OK;
}

carc_status carc_dice_game_event(carc_dice_event *out, const carc_dice_game *g, uint32_t index)
{
    CARCI_CHECK(out && g && out->struct_size >= sizeof(uint32_t));
    if (index >= g->st.n_events)
        return CARC_ERANGE;
    const carci_dice_ev *e = &g->ev[index];
    carc_dice_event r;
    memset(&r, 0, sizeof r);
    r.kind = e->kind;
    r.action = e->action;
    r.turn = e->turn;
    r.player = e->player;
    r.points = e->points;
    r.dice = e->dice;
    r.doubled = e->doubled;
    r.to = e->to;
    r.reason = e->reason;
    carci_copy_out(out, &r, sizeof r);
    return CARC_OK;
}
