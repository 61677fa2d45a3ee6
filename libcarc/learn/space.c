/* SPDX-License-Identifier: MIT */
/* The space: the layout of the action ids and of the observation for one
 * set of game options and one window (docs/learn.md), and the tables of every
 * tile kind turned every way that the ids and planes read. */
#include "learn/learn_internal.h"

#include <stddef.h>
#include <string.h>

/* The locations each figure kind may stand on: [lo, lo + n). */
static const uint8_t FIG_LOC_LO[CARCI_LEARN_FIGURES] = { 0, 0, 0, CARC_LEARN_LOC_MIDDLE, 0, CARC_LEARN_LOC_PORT };
static const uint8_t FIG_LOC_N[CARCI_LEARN_FIGURES] = { 0, 13, 13, 1, 4, 9 };

/* The side pairs of the join planes, in plane order. */
static const uint8_t JOIN_PAIRS[6][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }, { 2, 3 } };

static uint32_t location_of(const carc_segment_info *si)
{
    if (si->kind == CARC_SEG_MONASTERY || si->kind == CARC_SEG_GARDEN)
        return CARC_LEARN_LOC_MIDDLE;
    if (si->kind == CARC_SEG_FIELD) {
        for (uint32_t p = 0; p < 8; p++)
            if (si->ports & (1u << p))
                return CARC_LEARN_LOC_PORT + p;
        return CARC_LEARN_LOC_MIDDLE;
    }
    for (uint32_t e = 0; e < 4; e++)
        if (si->edges & (1u << e))
            return e;
    return CARCI_LEARN_NO_LOC;
}

static carc_status make_look(carci_learn_look *l, uint32_t kind, uint32_t rot)
{
    memset(l, 0, sizeof *l);
    memset(l->loc, CARCI_LEARN_NO_LOC, sizeof l->loc);
    memset(l->seg, CARCI_LEARN_NO_LOC, sizeof l->seg);
    memset(l->seg_kind, CARCI_LEARN_NO_LOC, sizeof l->seg_kind);
    uint32_t bits = 1u << CARC_LEARN_PLANE_TILE;
    for (uint32_t side = 0; side < 4; side++) {
        uint32_t e = 0;
        carc_status st = carc_tile_edge(&e, kind, rot, side);
        if (st != CARC_OK)
            return st;
        bits |= 1u << (CARC_LEARN_PLANE_EDGE + 4u * side + (e & 3u));
    }
    uint32_t nseg = 0;
    carc_status st = carc_tile_segment_count(&nseg, kind);
    if (st != CARC_OK)
        return st;
    if (nseg > CARCI_LEARN_MAX_SEG)
        return CARC_ELIMIT;
    for (uint32_t i = 0; i < nseg; i++) {
        carc_segment_info si;
        memset(&si, 0, sizeof si);
        si.struct_size = sizeof si;
        st = carc_tile_segment(&si, kind, rot, i);
        if (st != CARC_OK)
            return st;
        if (si.kind == CARC_SEG_ROAD || si.kind == CARC_SEG_CITY || si.kind == CARC_SEG_RIVER)
            for (uint32_t j = 0; j < 6; j++)
                if ((si.edges >> JOIN_PAIRS[j][0] & 1u) && (si.edges >> JOIN_PAIRS[j][1] & 1u))
                    bits |= 1u << (CARC_LEARN_PLANE_JOIN + j);
        if (si.kind == CARC_SEG_MONASTERY)
            bits |= 1u << CARC_LEARN_PLANE_MONASTERY;
        if (si.kind == CARC_SEG_GARDEN)
            bits |= 1u << CARC_LEARN_PLANE_GARDEN;
        if (si.pennants)
            bits |= 1u << CARC_LEARN_PLANE_PENNANT;
        if (si.special & CARC_SEGMENT_INN)
            bits |= 1u << CARC_LEARN_PLANE_INN;
        if (si.special & CARC_SEGMENT_CATHEDRAL)
            bits |= 1u << CARC_LEARN_PLANE_CATHEDRAL;
        for (uint32_t g = 0; g < CARC_GOOD_COUNT; g++)
            if (si.special & CARC_SEGMENT_GOOD(g))
                bits |= 1u << (CARC_LEARN_PLANE_GOODS + g);
        uint32_t loc = location_of(&si);
        if (loc == CARCI_LEARN_NO_LOC || l->seg[loc] != CARCI_LEARN_NO_LOC)
            return CARC_ELIMIT; /* every segment has a place of its own (a test checks the catalogue) */
        l->loc[i] = (uint8_t)loc;
        l->seg[loc] = (uint8_t)i;
        l->seg_kind[loc] = (uint8_t)si.kind;
    }
    const char *name = carc_tile_name(kind);
    if (name != NULL && strncmp(name, "CO/", 3) == 0)
        bits |= 1u << CARC_LEARN_PLANE_CITY;
    l->planes = bits;
    return CARC_OK;
}

/* The window's middle: the start's cell, the City of Carcassonne's with the Count. */
static void centre_of(const carc_game_options *o, int32_t *x, int32_t *y)
{
    if (o->modules & CARC_MODULE_COUNT) {
        *x = 0;
        *y = 0;
    } else {
        *x = o->start_x;
        *y = o->start_y;
    }
}

static void layout(carc_learn_space *s, uint32_t radius, uint32_t players, uint32_t kinds, uint32_t figure_kinds)
{
    carc_learn_info *in = &s->info;
    memset(in, 0, sizeof *in);
    in->struct_size = sizeof *in;
    in->layout_version = CARC_LEARN_LAYOUT_VERSION;
    in->players = players;
    in->modules = s->elements;
    in->radius = radius;
    in->width = 2u * radius + 1u;
    centre_of(&s->game, &in->centre_x, &in->centre_y);
    uint32_t cells = in->width * in->width;
    in->place_base = 0;
    in->figure_base = 4u * cells;
    in->pass_id = in->figure_base + CARC_LEARN_FIGURE_ACTIONS;
    in->actions = in->pass_id + 1u;
    in->exit_base = in->quarter_base = in->count_base = UINT32_MAX;
    if (s->elements & CARC_MODULE_COUNT) {
        in->exit_base = in->actions;
        in->quarter_base = in->exit_base + cells;
        in->count_base = in->quarter_base + 8u;
        in->actions = in->count_base + 4u;
    }
    in->figure_kinds = figure_kinds;
    uint32_t off = 0;
    for (uint32_t f = 0; f < CARCI_LEARN_FIGURES; f++) {
        s->loc_lo[f] = FIG_LOC_LO[f];
        s->loc_n[f] = (figure_kinds >> f & 1u) ? FIG_LOC_N[f] : 0;
        s->fig_off[f] = off;
        off += s->loc_n[f];
    }
    in->plane_size = cells;
    in->figure_plane = CARC_LEARN_FIXED_PLANES;
    in->player_planes = off;
    in->planes = CARC_LEARN_FIXED_PLANES + players * off;
    in->kinds = kinds;
    uint32_t v = 0;
    in->v_scores = v;
    v += players;
    in->v_supply = v;
    v += 5u * players;
    in->v_goods = v;
    v += 3u * players;
    in->v_city = v;
    v += 8u * players;
    in->v_count = v;
    v += 4u;
    in->v_seat = v;
    v += players;
    in->v_stage = v;
    v += CARCI_LEARN_STAGES;
    in->v_flags = v;
    v += CARCI_LEARN_VFLAGS;
    in->v_tile = v;
    v += kinds;
    in->v_left = v;
    v += kinds;
    in->v_left_total = v;
    v += 1u;
    in->vector = v;
}

/* The options' own fields, the figure kinds, and the smallest radius whose
 * window holds every cell next to the tiles laid before the first turn (the
 * start tile, the City of Carcassonne, the spring), of a game made with them. */
static carc_status read_game(carc_game_options *opts, uint32_t *figure_kinds, uint32_t *min_radius,
                             const carc_game_options *given)
{
    carc_game *g = NULL;
    carc_status st = carc_game_new(&g, given);
    if (st != CARC_OK)
        return st;
    st = carc_game_options_get(opts, g);
    *figure_kinds = 0;
    for (uint32_t f = CARC_FIGURE_FOLLOWER; st == CARC_OK && f <= CARC_FIGURE_PIG; f++) {
        uint32_t n = 0;
        st = carc_game_figure_supply(&n, g, 0, f);
        if (n > 0)
            *figure_kinds |= 1u << f;
    }
    int32_t cx = 0, cy = 0;
    uint32_t tiles = 0;
    if (st == CARC_OK) {
        centre_of(opts, &cx, &cy);
        st = carc_game_tile_count(&tiles, g);
    }
    *min_radius = 1;
    for (uint32_t i = 0; st == CARC_OK && i < tiles; i++) {
        carc_move t;
        st = carc_game_tile(&t, g, i);
        int64_t dx = (int64_t)t.x - cx, dy = (int64_t)t.y - cy;
        int64_t d = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
        if (st == CARC_OK && d + 1 > (int64_t)*min_radius)
            *min_radius = d + 1 > CARC_LEARN_MAX_RADIUS + 1 ? CARC_LEARN_MAX_RADIUS + 1 : (uint32_t)(d + 1);
    }
    carc_game_free(g);
    return st;
}

carc_status carc_learn_space_new(carc_learn_space **out, const carc_game_options *game,
                                 const carc_learn_options *opts)
{
    if (out == NULL)
        return CARC_EINVAL;
    *out = NULL;
    if (game == NULL)
        return CARC_EINVAL;
    uint32_t radius = CARC_LEARN_DEFAULT_RADIUS;
    if (opts != NULL) {
        if (opts->struct_size < sizeof(uint32_t))
            return CARC_EINVAL;
        if (opts->struct_size >= offsetof(carc_learn_options, radius) + sizeof opts->radius && opts->radius != 0)
            radius = opts->radius;
        if (opts->struct_size >= offsetof(carc_learn_options, flags) + sizeof opts->flags && opts->flags != 0)
            return CARC_EINVAL;
        if (radius > CARC_LEARN_MAX_RADIUS)
            return CARC_ERANGE;
    }
    carc_game_options o;
    uint32_t figure_kinds = 0, min_radius = 1;
    carc_status st = read_game(&o, &figure_kinds, &min_radius, game);
    if (st != CARC_OK)
        return st;
    if (radius < min_radius)
        return CARC_ERANGE; /* the first tile could lie outside the window */
    carc_allocator a = game->version >= 1 && game->allocator ? *game->allocator : carci_default_allocator;
    uint32_t kinds = carc_tile_kind_count();
    size_t bytes = sizeof(carc_learn_space) + (size_t)kinds * 4u * sizeof(carci_learn_look);
    carc_learn_space *s = carci_alloc(&a, bytes);
    if (s == NULL)
        return CARC_ENOMEM;
    memset(s, 0, sizeof *s);
    s->alloc = a;
    s->bytes = bytes;
    s->game = o;
    s->game.seed = 0;
    s->game.flags = 0;
    s->game.allocator = NULL; /* set by the copy that uses it (vec.c); a space never makes games */
    s->elements = carc_modules_elements(o.modules);
    s->looks = (carci_learn_look *)(void *)(s + 1);
    for (uint32_t k = 0; k < kinds; k++)
        for (uint32_t r = 0; r < 4; r++) {
            st = make_look(&s->looks[k * 4u + r], k, r);
            if (st != CARC_OK) {
                carci_free(&a, s, bytes);
                return st;
            }
        }
    layout(s, radius, o.players, kinds, figure_kinds);
    *out = s;
    return CARC_OK;
}

void carc_learn_space_free(carc_learn_space *space)
{
    if (space == NULL)
        return;
    carc_allocator a = space->alloc;
    carci_free(&a, space, space->bytes);
}

carc_status carci_learn_space_copy(carc_learn_space **out, const carc_learn_space *src)
{
    carc_learn_space *s = carci_alloc(&src->alloc, src->bytes);
    if (s == NULL)
        return CARC_ENOMEM;
    memcpy(s, src, src->bytes);
    s->looks = (carci_learn_look *)(void *)(s + 1);
    *out = s;
    return CARC_OK;
}

carc_status carc_learn_space_info(carc_learn_info *out, const carc_learn_space *space)
{
    if (out == NULL || space == NULL || out->struct_size < sizeof(uint32_t))
        return CARC_EINVAL;
    size_t n = out->struct_size < sizeof *out ? out->struct_size : sizeof *out;
    uint32_t size = out->struct_size;
    memcpy(out, &space->info, n);
    out->struct_size = size < sizeof *out ? size : (uint32_t)sizeof *out;
    return CARC_OK;
}

carc_status carci_learn_match(const carc_learn_space *s, const carc_game *game, char *msg, size_t cap)
{
    carc_game_options o;
    carc_status st = carc_game_options_get(&o, game);
    if (st != CARC_OK) {
        carci_learn_msg(msg, cap, "the game's options cannot be read (%s)", carc_status_name(st));
        return CARC_EINVAL;
    }
    int32_t x, y;
    centre_of(&o, &x, &y);
    uint32_t el = carc_modules_elements(o.modules);
    if (o.players != s->info.players || el != s->elements || x != s->info.centre_x || y != s->info.centre_y) {
        carci_learn_msg(msg, cap,
                        "mismatched options: the game has %u players, modules %#x, start (%d,%d); the space "
                        "%u players, modules %#x, start (%d,%d)",
                        o.players, el, (int)x, (int)y, s->info.players, s->elements, (int)s->info.centre_x,
                        (int)s->info.centre_y);
        return CARC_EINVAL;
    }
    return CARC_OK;
}
