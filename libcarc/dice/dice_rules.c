/*
 * The Dice Game rules: the generator, the city grid, closed cities, the
 * legality of actions, their effects and their enumeration.
 *
 * Rules: expansions.md section 4 and D-1..D-8; the project decisions are in
 * docs/dice.md (each is also marked PROJECT DECISION where it is coded).
 */
#include "dice_internal.h"
#include <stdarg.h>
#include <stdio.h>

_Static_assert(sizeof(carci_dice_state) == 112, "carci_dice_state has no padding");
_Static_assert(CARCI_DICE_N <= 16, "die masks are 16-bit");

/* ------------------------------------------------------------ generator */

/* splitmix64: the same sequence on every platform. */
static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A face 0..5, uniform, without modulo bias. */
static uint8_t roll_face(uint64_t *s)
{
    const uint64_t threshold = (0 - (uint64_t)6) % 6u;
    for (;;) {
        uint64_t r = splitmix64(s);
        if (r >= threshold)
            return (uint8_t)(r % 6u);
    }
}

/* ------------------------------------------------------------------ grid */

static const int8_t side_dx[4] = { 0, 1, 0, -1 }; /* N E S W */
static const int8_t side_dy[4] = { -1, 0, 1, 0 };

uint8_t carci_dice_rot_edges(uint8_t edges, unsigned rot)
{
    rot &= 3u;
    return (uint8_t)(((unsigned)edges << rot | (unsigned)edges >> (4u - rot)) & 0xFu);
}

uint8_t carci_dice_die_edges(const carc_dice_game *g, unsigned die)
{
    const carci_dice_die *d = &g->st.dice[die];
    if (d->face >= CARC_DICE_CITY_FACES)
        return 0;
    return carci_dice_rot_edges(g->faces.city[d->face], d->loc == CARC_DICE_LOC_CITY ? d->rot : 0u);
}

static bool in_grid(int32_t x, int32_t y)
{
    return x >= -CARCI_DICE_R && x <= CARCI_DICE_R && y >= -CARCI_DICE_R && y <= CARCI_DICE_R;
}

static unsigned cell_of(int32_t x, int32_t y)
{
    return (unsigned)((y + CARCI_DICE_R) * CARCI_DICE_W + (x + CARCI_DICE_R));
}

void carci_dice_grid(const carc_dice_game *g, uint8_t grid[CARCI_DICE_CELLS])
{
    memset(grid, 0, CARCI_DICE_CELLS);
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc == CARC_DICE_LOC_CITY)
            grid[cell_of(e->x, e->y)] = (uint8_t)(d + 1);
    }
}

/* The die at (x, y) or -1 (also outside the grid). */
static int die_at(const uint8_t *grid, int32_t x, int32_t y)
{
    return in_grid(x, y) ? (int)grid[cell_of(x, y)] - 1 : -1;
}

/* Whether a die with black edges `edges` (already rotated) may go on the
 * empty cell (x, y): every occupied orthogonal neighbour shows the same
 * colour on the shared edge (D-2). */
static bool fits(const carc_dice_game *g, const uint8_t *grid, uint8_t edges, int32_t x, int32_t y)
{
    for (unsigned s = 0; s < 4; s++) {
        int nb = die_at(grid, x + side_dx[s], y + side_dy[s]);
        if (nb < 0)
            continue;
        unsigned mine = (edges >> s) & 1u;
        unsigned theirs = ((unsigned)carci_dice_die_edges(g, (unsigned)nb) >> ((s + 2u) & 3u)) & 1u;
        if (mine != theirs)
            return false;
    }
    return true;
}

/* For every empty cell, what its occupied neighbours ask for: bit s of
 * mask[cell] is set when side s has a neighbour, and bit s of need[cell] is
 * then the colour that neighbour shows on the shared edge. A die with black
 * edges e fits the cell iff ((e ^ need) & mask) == 0 (D-2). Occupied cells
 * get mask 0x10 (never fits). */
static void constraints(const carc_dice_game *g, const uint8_t *grid, uint8_t *need, uint8_t *mask)
{
    memset(need, 0, CARCI_DICE_CELLS);
    memset(mask, 0, CARCI_DICE_CELLS);
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc != CARC_DICE_LOC_CITY)
            continue;
        uint8_t edges = carci_dice_die_edges(g, d);
        mask[cell_of(e->x, e->y)] = 0x10;
        for (unsigned s = 0; s < 4; s++) {
            int32_t x = e->x + side_dx[s], y = e->y + side_dy[s];
            if (!in_grid(x, y) || grid[cell_of(x, y)])
                continue;
            unsigned back = (s + 2u) & 3u; /* the side of that cell facing this die */
            unsigned c = cell_of(x, y);
            mask[c] = (uint8_t)(mask[c] | 1u << back);
            need[c] = (uint8_t)(need[c] | ((edges >> s) & 1u) << back);
        }
    }
}

static unsigned built_count(const carc_dice_game *g)
{
    unsigned n = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++)
        n += g->st.dice[d].loc == CARC_DICE_LOC_CITY;
    return n;
}

/*
 * PROJECT DECISION (where a die may be built): the grid is the square
 * |x|, |y| <= CARC_DICE_GRID_RADIUS. The first die of a turn goes at (0, 0)
 * (on an empty grid every cell is the same, up to translation); later dice go
 * on any empty cell of the square whose occupied neighbours all match; they
 * need not touch (D-2). A city of 9 dice grown from the first die always fits.
 */
static bool placeable(const carc_dice_game *g, const uint8_t *grid, unsigned die)
{
    uint8_t need[CARCI_DICE_CELLS], mask[CARCI_DICE_CELLS];
    uint8_t base = carci_dice_die_edges(g, die);
    if (built_count(g) == 0)
        return true; /* (0, 0) on an empty grid */
    constraints(g, grid, need, mask);
    for (unsigned c = 0; c < CARCI_DICE_CELLS; c++)
        for (unsigned r = 0; r < 4; r++)
            if (((carci_dice_rot_edges(base, r) ^ need[c]) & mask[c]) == 0)
                return true;
    return false;
}

/* --------------------------------------------------------------- cities */

uint32_t carci_dice_largest_closed(const carc_dice_game *g, uint32_t *mask)
{
    uint8_t grid[CARCI_DICE_CELLS];
    uint32_t seen = 0, best = 0, best_mask = 0;
    carci_dice_grid(g, grid);
    for (unsigned d0 = 0; d0 < CARCI_DICE_N; d0++) {
        if (g->st.dice[d0].loc != CARC_DICE_LOC_CITY || (seen >> d0) & 1u)
            continue;
        /* flood the city of d0 through black-black edges */
        unsigned stack[CARCI_DICE_N], sp = 0;
        uint32_t comp = 1u << d0;
        bool closed = true;
        stack[sp++] = d0;
        seen |= 1u << d0;
        while (sp) {
            unsigned d = stack[--sp];
            uint8_t e = carci_dice_die_edges(g, d);
            for (unsigned s = 0; s < 4; s++) {
                if (!((e >> s) & 1u))
                    continue;
                int nb = die_at(grid, g->st.dice[d].x + side_dx[s], g->st.dice[d].y + side_dy[s]);
                if (nb < 0) {
                    closed = false; /* a black edge facing an empty cell */
                    continue;
                }
                if (!((seen >> nb) & 1u)) {
                    seen |= 1u << nb;
                    comp |= 1u << nb;
                    stack[sp++] = (unsigned)nb;
                }
            }
        }
        uint32_t n = 0;
        for (uint32_t m = comp; m; m &= m - 1)
            n++;
        if (closed && n > best) {
            best = n;
            best_mask = comp;
        }
    }
    if (mask)
        *mask = best_mask;
    return best;
}

int32_t carci_dice_points(uint32_t dice)
{
    /* 3->1 4->3 5->6 6->10 7->15 8->21 9->28; fewer than 3 dice: 0 (D-7) */
    if (dice < 3 || dice > CARC_DICE_COUNT)
        return 0;
    return (int32_t)((dice - 2) * (dice - 1) / 2);
}

/* ---------------------------------------------------------------- counts */

static unsigned count_loc(const carc_dice_game *g, unsigned loc)
{
    unsigned n = 0;
    for (unsigned d = 0; d < CARCI_DICE_N; d++)
        n += g->st.dice[d].loc == loc;
    return n;
}

/* Whether the player to move can still do anything but end the turn. */
static bool more_to_do(const carc_dice_game *g)
{
    uint8_t grid[CARCI_DICE_CELLS];
    bool have_grid = false;
    if (count_loc(g, CARC_DICE_LOC_POOL) == 0)
        return false;
    if (g->st.rolls < CARC_DICE_MAX_ROLLS)
        return true;
    for (unsigned d = 0; d < CARCI_DICE_N; d++) {
        const carci_dice_die *e = &g->st.dice[d];
        if (e->loc != CARC_DICE_LOC_POOL)
            continue;
        if (e->face == CARC_DICE_FACE_KNIGHT)
            return true;
        if (e->face < CARC_DICE_CITY_FACES) {
            if (!have_grid) {
                carci_dice_grid(g, grid);
                have_grid = true;
            }
            if (placeable(g, grid, d))
                return true;
        }
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
            return reject(err, cap, CARC_EINVAL, "action %u: die, x, y and rotation must be 0", a->kind);
        break;
    case CARC_DICE_ACT_SET_KNIGHT:
        if (a->x || a->y || a->rotation)
            return reject(err, cap, CARC_EINVAL, "set knight: x, y and rotation must be 0");
        if (a->die >= CARCI_DICE_N)
            return reject(err, cap, CARC_ERANGE, "die %u out of range (0..8)", a->die);
        break;
    case CARC_DICE_ACT_BUILD:
        if (a->die >= CARCI_DICE_N)
            return reject(err, cap, CARC_ERANGE, "die %u out of range (0..8)", a->die);
        if (a->rotation > 3)
            return reject(err, cap, CARC_ERANGE, "rotation %u out of range (0..3)", a->rotation);
        if (!in_grid(a->x, a->y))
            return reject(err, cap, CARC_ERANGE, "cell %d,%d outside the grid (-%d..%d)", (int)a->x, (int)a->y,
                          CARCI_DICE_R, CARCI_DICE_R);
        break;
    default:
        return reject(err, cap, CARC_EINVAL, "unknown action kind %u", a->kind);
    }

    unsigned free_dice = count_loc(g, CARC_DICE_LOC_POOL);
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
        uint8_t grid[CARCI_DICE_CELLS];
        carci_dice_grid(g, grid);
        if (built_count(g) == 0 && (a->x != 0 || a->y != 0))
            return reject(err, cap, CARC_EILLEGAL, "the first die of a turn is built at 0,0");
        int other = die_at(grid, a->x, a->y);
        if (other >= 0)
            return reject(err, cap, CARC_EILLEGAL, "cell %d,%d already holds die %d", (int)a->x, (int)a->y, other);
        uint8_t edges = carci_dice_rot_edges(g->faces.city[d->face], a->rotation);
        if (!fits(g, grid, edges, a->x, a->y))
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
        if (count_loc(g, CARC_DICE_LOC_KNIGHT) < CARC_DICE_KNIGHT_OPTION_KNIGHTS)
            return reject(err, cap, CARC_EILLEGAL, "the knight option needs %d knights set aside (%u)",
                          CARC_DICE_KNIGHT_OPTION_KNIGHTS, count_loc(g, CARC_DICE_LOC_KNIGHT));
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
    if (count_loc(g, CARC_DICE_LOC_KNIGHT) >= CARC_DICE_KNIGHT_OPTION_KNIGHTS)
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
        unsigned knights = count_loc(g, CARC_DICE_LOC_KNIGHT);
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

/* ------------------------------------------------------------ enumeration */

static void emit(carc_dice_action *buf, size_t cap, size_t *n, uint32_t kind, uint32_t die, int32_t x, int32_t y,
                 uint32_t rot)
{
    if (*n < cap) {
        carc_dice_action *a = &buf[*n];
        a->kind = kind;
        a->die = die;
        a->x = x;
        a->y = y;
        a->rotation = rot;
        a->reserved = 0;
    }
    (*n)++;
}

/* Whether an earlier free die shows the same face (CARC_DICE_ENUM_UNIQUE_DICE). */
static bool repeated_face(const carc_dice_game *g, unsigned die)
{
    for (unsigned d = 0; d < die; d++)
        if (g->st.dice[d].loc == CARC_DICE_LOC_POOL && g->st.dice[d].face == g->st.dice[die].face)
            return true;
    return false;
}

size_t carci_dice_enumerate(const carc_dice_game *g, carc_dice_action *buf, size_t cap, uint32_t flags)
{
    const carci_dice_state *st = &g->st;
    size_t n = 0;
    if (st->phase == CARC_DICE_PHASE_GAME_OVER)
        return 0;
    if (st->phase == CARC_DICE_PHASE_ROLL) {
        emit(buf, cap, &n, CARC_DICE_ACT_ROLL, 0, 0, 0, 0);
        return n;
    }
    unsigned free_dice = count_loc(g, CARC_DICE_LOC_POOL);
    if (st->phase == CARC_DICE_PHASE_CHOOSE) {
        if (st->rolls < CARC_DICE_MAX_ROLLS && free_dice > 0)
            emit(buf, cap, &n, CARC_DICE_ACT_ROLL, 0, 0, 0, 0);
        for (unsigned d = 0; d < CARCI_DICE_N; d++) {
            const carci_dice_die *e = &st->dice[d];
            if (e->loc != CARC_DICE_LOC_POOL || e->face != CARC_DICE_FACE_KNIGHT)
                continue;
            if ((flags & CARC_DICE_ENUM_UNIQUE_DICE) && repeated_face(g, d))
                continue;
            emit(buf, cap, &n, CARC_DICE_ACT_SET_KNIGHT, d, 0, 0, 0);
        }
        uint8_t grid[CARCI_DICE_CELLS], need[CARCI_DICE_CELLS], mask[CARCI_DICE_CELLS];
        carci_dice_grid(g, grid);
        constraints(g, grid, need, mask);
        bool empty = built_count(g) == 0;
        for (unsigned d = 0; d < CARCI_DICE_N; d++) {
            const carci_dice_die *e = &st->dice[d];
            if (e->loc != CARC_DICE_LOC_POOL || e->face >= CARC_DICE_CITY_FACES)
                continue;
            if ((flags & CARC_DICE_ENUM_UNIQUE_DICE) && repeated_face(g, d))
                continue;
            uint8_t rots[4];
            unsigned nrot = 0, rot_of[4];
            for (unsigned r = 0; r < 4; r++) {
                uint8_t edges = carci_dice_rot_edges(g->faces.city[e->face], r);
                bool dup = false;
                for (unsigned q = 0; q < nrot; q++)
                    dup = dup || rots[q] == edges;
                if (dup && (flags & CARC_DICE_ENUM_UNIQUE_ROTATIONS))
                    continue;
                rots[nrot] = edges;
                rot_of[nrot++] = r;
            }
            int32_t lo = empty ? 0 : -CARCI_DICE_R, hi = empty ? 0 : CARCI_DICE_R;
            for (int32_t y = lo; y <= hi; y++)
                for (int32_t x = lo; x <= hi; x++) {
                    unsigned c = cell_of(x, y);
                    if (mask[c] & 0x10)
                        continue; /* occupied */
                    if ((flags & CARC_DICE_ENUM_TOUCHING) && !empty && mask[c] == 0)
                        continue;
                    for (unsigned i = 0; i < nrot; i++)
                        if (((rots[i] ^ need[c]) & mask[c]) == 0)
                            emit(buf, cap, &n, CARC_DICE_ACT_BUILD, d, x, y, rot_of[i]);
                }
        }
    }
    emit(buf, cap, &n, CARC_DICE_ACT_STOP, 0, 0, 0, 0);
    if (count_loc(g, CARC_DICE_LOC_KNIGHT) >= CARC_DICE_KNIGHT_OPTION_KNIGHTS)
        emit(buf, cap, &n, CARC_DICE_ACT_KNIGHT_OPTION, 0, 0, 0, 0);
    return n;
}
