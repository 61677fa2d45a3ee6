/* SPDX-License-Identifier: MIT */
/*
 * The ruleset of one game: options, per-kind tables derived from the catalogue,
 * the layout of the state block and the set-up state of a new game (the
 * start tile laid). Immutable once built and shared by a game and its clones
 * (atomic reference count: ruleset_ref.c).
 */
#include "core/ruleset.h"
#include "core/board.h"
#include "core/hooks.h"
#include "core/kinds.h"
#include "core/last_error.h"
#include "core/play.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#include "util/alloc.h"
#include <stdio.h>


static bool seg_equal_rotated(const carci_segdef *a, const carci_segdef *b, unsigned d)
{
    return a->kind == b->kind && a->pennants == b->pennants && a->end == b->end && a->special == b->special &&
           carci_rot_sides(a->edges, d) == b->edges && carci_rot_ports(a->ports, d) == b->ports;
}

/* Whether turning the tile by d quarter turns gives the same tile. */
static bool symmetric(const carci_tiledef *t, unsigned d)
{
    if (carci_rot_sig(t->edges, d) != t->edges)
        return false;
    for (unsigned i = 0; i < t->nseg; i++) {
        bool found = false;
        for (unsigned j = 0; j < t->nseg && !found; j++) {
            if (!seg_equal_rotated(&t->seg[i], &t->seg[j], d))
                continue;
            /* fields must also border the same cities (by rotated image) */
            found = true;
            if (t->seg[i].kind == CARC_SEG_FIELD && t->seg[i].adj) {
                for (unsigned c = 0; c < t->nseg; c++) {
                    if (!(t->seg[i].adj & (1u << c)))
                        continue;
                    bool img = false;
                    for (unsigned k = 0; k < t->nseg; k++)
                        if ((t->seg[j].adj & (1u << k)) && seg_equal_rotated(&t->seg[c], &t->seg[k], d))
                            img = true;
                    if (!img)
                        found = false;
                }
            }
        }
        if (!found)
            return false;
    }
    return true;
}

void carci_derive_kind(carci_kindinfo *k, const carci_tiledef *t)
{
    memset(k, 0, sizeof *k);
    k->sig = t->edges;
    k->nseg = t->nseg;
    k->center = CARCI_NONE;
    k->river = CARCI_NONE;
    memset(k->side_seg, CARCI_NONE, sizeof k->side_seg);
    memset(k->port_seg, CARCI_NONE, sizeof k->port_seg);
    for (unsigned i = 0; i < t->nseg; i++) {
        const carci_segdef *s = &t->seg[i];
        for (unsigned m = s->edges; m; m &= m - 1)
            k->side_seg[__builtin_ctz(m)] = (uint8_t)i;
        for (unsigned m = s->ports; m; m &= m - 1)
            k->port_seg[__builtin_ctz(m)] = (uint8_t)i;
        if (s->kind == CARC_SEG_MONASTERY || s->kind == CARC_SEG_GARDEN) {
            k->center = (uint8_t)i;
            k->center_mask |= (uint16_t)(1u << i);
        }
        if (s->kind == CARC_SEG_RIVER)
            k->river = (uint8_t)i;
        if (s->kind == CARC_SEG_ROAD || s->kind == CARC_SEG_CITY)
            k->rc_mask |= (uint16_t)(1u << i);
        if (s->kind == CARC_SEG_FIELD)
            k->field_mask |= (uint16_t)(1u << i);
        if (s->kind == CARC_SEG_CITY)
            k->city_mask |= (uint16_t)(1u << i);
        if (s->kind == CARC_SEG_ROAD || s->kind == CARC_SEG_CITY || s->kind == CARC_SEG_RIVER)
            k->seg_open[i] = (uint8_t)__builtin_popcount(s->edges);
    }
    k->unique_rot = t->unique_rot ? t->unique_rot : carci_derive_unique_rot(t);
}

/* Print the C source of carci_kinds (kinds.c) for the current catalogue. */
void carci_print_kinds(void *file)
{
    FILE *f = file;
    fprintf(f, "/*\n * Per-kind tables derived from the catalogue (tiles/catalogue.c): written by\n"
               " * carci_print_kinds (core/ruleset.c), checked against carci_derive_kind by the\n"
               " * test engine.api (catalogue_derived), which prints this file anew when\n"
               " * the catalogue changes. Do not edit by hand.\n */\n"
               "#include \"core/kinds.h\"\n\nconst carci_kindinfo carci_kinds[] = {\n");
    for (uint32_t i = 0; i < carci_tile_kinds; i++) {
        carci_kindinfo k;
        carci_derive_kind(&k, &carci_tiles[i]);
        fprintf(f, "    /* %s */ { 0x%02X, 0x%X, { ", carci_tiles[i].name, k.sig, k.unique_rot);
        for (unsigned j = 0; j < 4; j++)
            fprintf(f, "%u%s", k.side_seg[j], j < 3 ? ", " : " }, { ");
        for (unsigned j = 0; j < 8; j++)
            fprintf(f, "%u%s", k.port_seg[j], j < 7 ? ", " : " }, ");
        fprintf(f, "%u, %u, 0x%X, 0x%X, 0x%X, 0x%X, %u, { ", k.center, k.nseg, k.rc_mask, k.field_mask,
                k.center_mask, k.city_mask, k.river);
        for (unsigned j = 0; j < CARCI_MAX_SEG; j++)
            fprintf(f, "%u%s", k.seg_open[j], j < CARCI_MAX_SEG - 1 ? ", " : " } },\n");
    }
    fprintf(f, "};\n");
}

uint8_t carci_derive_unique_rot(const carci_tiledef *t)
{
    unsigned period = 4;
    for (unsigned d = 1; d < 4; d++)
        if (4 % d == 0 && symmetric(t, d)) {
            period = d;
            break;
        }
    return (uint8_t)((1u << period) - 1);
}

static uint32_t words_of(size_t bytes)
{
    return (uint32_t)((bytes + 1) / 2);
}

void carci_state_reserve(carci_ruleset *rs, uint32_t slot, size_t bytes)
{
    rs->mod_words[slot] = (bytes + 1) / 2;
}

carc_status carci_options_check(const carc_game_options *o, const carci_rules *rules, char *err, size_t cap)
{
    uint8_t copies[CARCI_MAX_KINDS];
    carci_tile_counts(copies, o->modules);
    return carci_options_check_counts(o, copies, rules, err, cap);
}

/* The modules' checks first, then the start: in range, in the tile set, and
 * what the modules ask of it. */
carc_status carci_options_check_counts(const carc_game_options *o, const uint8_t *copies, const carci_rules *rules,
                                      char *err, size_t cap)
{
    if (cap)
        err[0] = '\0';
    carc_status st = rules->check_modules(o, err, cap);
    if (st != CARC_OK)
        return st;
    carci_start sp = rules->start(o);
    uint32_t start = sp.kind;
    if (start >= carci_tile_kinds) {
        CARCI_WHY(err, cap, "start tile %u out of range 0..%u", start, carci_tile_kinds - 1);
        return CARC_ERANGE;
    }
    if (sp.rot > 3) {
        CARCI_WHY(err, cap, "start rotation %u out of range 0..3", sp.rot);
        return CARC_ERANGE;
    }
    if (sp.x < -16000 || sp.x > 16000 || sp.y < -16000 || sp.y > 16000) {
        CARCI_WHY(err, cap, "start position (%d,%d) out of range -16000..16000", (int)sp.x, (int)sp.y);
        return CARC_ERANGE;
    }
    if (copies[start] == 0) {
        CARCI_WHY(err, cap, "start tile %s is not in the tile set of these modules", carci_tiles[start].name);
        return CARC_ERANGE;
    }
    return rules->check_start(o, &sp, err, cap);
}

/* Kind k turned r, by board direction (carci_rotinfo). */
static void rotinfo(carci_rotinfo *ri, const carci_kindinfo *k, unsigned r)
{
    ri->sig = carci_rot_sig(k->sig, r);
    ri->rc_sides = ri->field_sides = 0;
    for (unsigned b = 0; b < 4; b++) {
        ri->side_seg[b] = k->side_seg[(b - r) & 3];
        unsigned edge = (ri->sig >> (2 * b)) & 3u;
        ri->rc_sides |= (uint8_t)((edge != CARC_EDGE_FIELD) << b);
        ri->field_sides |= (uint8_t)((edge != CARC_EDGE_CITY) << b);
    }
    for (unsigned q = 0; q < 8; q++)
        ri->port_seg[q] = k->port_seg[(q - 2 * r) & 7];
}

/*
 * The state of a new game before its tiles are dealt (rs->init, the first
 * off_event words; carci_ruleset_new calls this once it is laid out): the
 * header, an empty board, the set-up of the modules (the City of
 * Carcassonne), the start tile and what follows it (hooks.started),
 * with an empty draw pile. None of it depends on the seed: carc_game_new
 * copies it and deals the pile. Setup writes, not journaled.
 */
static void carci_setup_state(const carci_ruleset *rs, uint16_t *st)
{
    carci_hist hist[2];
    carc_game t;
    memset(&t, 0, sizeof t);
    t.rs = rs;
    t.st = st;
    t.hist = hist;
    t.hist_cap = 2;
    t.no_journal = true;
    carc_game *g = &t;
    /* Zero what is read before it is written: the header, the frontier (scanned
     * sixteen cells at a time), the figures (journaled writes read the old
     * value) and the pile; every other array is written past its count
     * before it is read (CARCI_INIT), but is zeroed too, so that equal games
     * have equal state blocks. The hash is set to empty below. */
    memset(st, 0, (size_t)rs->off_event * sizeof(uint16_t));
    carci_hdr *h = CARCI_HDR(g);
    h->players = (uint16_t)rs->players;
    for (uint32_t p = 0; p < rs->players; p++) {
        h->supply[p] = CARCI_FOLLOWERS;
        h->specials[p] = rs->specials;
    }
    _Static_assert(CARCI_KEY_EMPTY == (int16_t)0x8080, "CARCI_KEY_EMPTY is a byte pattern");
    memset(CARCI_HKEYS(g), 0x80, 2 * sizeof(uint16_t) * rs->hash_cap);
    memset(CARCI_HVALS(g), 0xFF, sizeof(uint16_t) * rs->hash_cap);

    carc_move start = { rs->start_x, rs->start_y, (uint16_t)rs->start_kind, (uint8_t)rs->start_rot,
                        CARC_FIGURE_NONE, CARC_NO_SEGMENT, 0, 0, 0 };
    /* The start tile, unless a module's set-up takes its place
     * (rs->lays_start false: the start tile then leaves the game); when both
     * are laid, the options check made sure the start tile fits. */
    uint32_t start_fi = CARCI_NONE32; /* the only tile placed off the frontier */
    if (rs->hooks.setup) {
        rs->hooks.setup(g);
        start_fi = carci_front_index(g, rs->start_x, rs->start_y);
    }
    if (rs->lays_start) {
        h->n_bag = 1; /* carci_apply_move takes the tile from the pile: the start tile alone on it */
        CARCI_BAG(g)[0] = (uint16_t)rs->start_kind;
        carci_apply_move(g, &start, start_fi);
        CARCI_BAG(g)[0] = 0;
    }
    /* the start tile is not a move: no history entry, player 0 to move */
    h->n_hist = 0;
    h->cur = 0;
    if (rs->hooks.started)
        rs->hooks.started(g);

    /* the draw pile: every tile of the set but one copy of the start tile
     * (none when a module's set-up takes its place: !rs->lays_start), in
     * catalogue order; the slots past it (the tiles laid at set-up and the
     * start tile) stay zero */
    uint16_t *bag = CARCI_BAG(g);
    uint32_t n = 0;
    bool start_taken = !rs->lays_start;
    for (uint32_t k = 0; k < carci_tile_kinds; k++) {
        if ((rs->preplaced[k >> 3] >> (k & 7)) & 1u)
            continue; /* laid by a module's set-up, never drawn */
        for (uint32_t c = 0; c < rs->copies[k]; c++) {
            if (k == rs->start_kind && !start_taken) {
                start_taken = true;
                continue;
            }
            bag[n++] = (uint16_t)k;
        }
    }
    h->n_bag = (uint16_t)n;
}

carc_status carci_ruleset_new(const carci_ruleset **out, const carc_game_options *o, const carc_allocator *a,
                              const carci_rules *rules)
{
    *out = NULL;
    uint8_t copies[CARCI_MAX_KINDS];
    carci_tile_counts(copies, o->modules);
    carc_status st = carci_options_check_counts(o, copies, rules, NULL, 0);
    if (st != CARC_OK)
        return st;
    carci_start sp = rules->start(o);

    uint32_t nkinds = carci_tile_kinds, ntiles = 0, nnodes = 0, nmon = 0;
    uint8_t present[CARCI_MAX_KINDS]; /* the kinds of the set, in order */
    uint32_t npresent = 0;
    for (uint32_t i = 0; i < nkinds; i++) {
        uint32_t c = copies[i];
        if (!c)
            continue;
        present[npresent++] = (uint8_t)i;
        ntiles += c;
        nnodes += c * carci_kinds[i].nseg;
        nmon += c * carci_popcount16(carci_kinds[i].center_mask); /* monasteries and gardens */
    }
    if (ntiles > CARCI_MAX_TILES || nnodes >= 0x0FFF)
        return CARC_ELIMIT;

    size_t sz = sizeof(carci_ruleset);
    carci_ruleset *rs = carci_alloc(a, sz);
    if (!rs)
        return CARC_ENOMEM;
    memset(rs, 0, sz);
    atomic_init(&rs->refs, 1u);
    rs->alloc = *a;
    rs->modules = o->modules;
    rs->players = o->players;
    rs->ntiles = ntiles;
    rs->nnodes = nnodes;
    rs->nkinds = nkinds;
    uint32_t hc = 16;
    while (hc < 3 * ntiles + 8)
        hc <<= 1;
    rs->hash_cap = hc;
    rs->front_cap = (2 * ntiles + 4 + 15) & ~15u; /* padded for 16-wide scans */
#if CARCI_AVX2_DISPATCH
    /* (the compiler's run-time initialises what this reads before main) */
    rs->avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi");
#endif
    rs->mon_cap = nmon;
    rules->install(rs); /* the modules' figure rules and hooks */
    rs->turn_steps = rs->hooks.extends || rs->hooks.completed || rs->hooks.before_scoring;
    memcpy(rs->copies, copies, sizeof copies);
    /* the segments each figure may take, and the figure actions after one
     * placement at most: no figure, each figure in play on each segment it
     * may take, the recall */
    rs->max_actions = 1u + (rs->hooks.action_enum != NULL); /* no figure, a module's own action */
    for (uint32_t f = 0; f < CARCI_FIGURE_KINDS; f++) {
        uint32_t most = 0;
        for (uint32_t j = 0; rs->figure_on[f] && j < npresent; j++) {
            uint32_t k = present[j];
            uint16_t e = 0;
            for (unsigned i = 0; i < carci_tiles[k].nseg; i++)
                if ((rs->figure_on[f] >> carci_tiles[k].seg[i].kind) & 1u)
                    e |= (uint16_t)(1u << i);
            rs->eligible[f][k] = e;
            if (carci_popcount16(e) > most)
                most = carci_popcount16(e);
        }
        rs->max_actions += most;
    }
    rs->fig_cap = o->players * (CARCI_FOLLOWERS + carci_popcount16(rs->specials));
    /* Every event during play returns a figure placed by an earlier move, or is
     * a discard, and each of those uses up a tile; final scoring adds at most
     * one event per figure. */
    rs->event_cap = ntiles + rs->fig_cap + rs->event_extra;
    rs->hist_cap = ntiles + 2 + rs->hist_extra;
    /* Journal entries of one unit: placing and connecting a tile (< 256),
     * scoring during play (each feature: its events and scores, and moving up
     * to fig_cap figures), discards (a dozen words each), final scoring
     * (an event and scores per figure). Generous by a factor of about 2. */
    rs->unit_reserve = 1024 + 32 * rs->fig_cap + 16 * ntiles;
    /* ... and a merge points every node of the feature that goes under at
     * the other root (features.c): a tile merges at most 12 times (4 edges,
     * 8 half-edges), each time a feature of at most nnodes nodes */
    rs->unit_reserve += 12 * nnodes;
    rs->start_kind = sp.kind;
    rs->start_tile = o->start_tile;
    rs->start_rot = sp.rot;
    rs->start_x = sp.x;
    rs->start_y = sp.y;
    rs->flags = o->flags;
    rs->variants = o->variants;
    rs->kinds = carci_kinds;
    for (uint32_t k = 0; k < nkinds; k++)
        for (unsigned r = 0; r < 4; r++)
            rotinfo(&rs->rot[k][r], &carci_kinds[k], r);
    /* each kind's nodes as carci_tile_init lays them, less the first node's
     * index and the tile's number (added then) */
    for (uint32_t k = 0; k < nkinds; k++)
        for (unsigned i = 0; i < CARCI_NODE_TMPL && i < carci_kinds[k].nseg; i++) {
            carci_node *n = &rs->node_tmpl[k][i];
            n->parent = n->next = (uint16_t)i;
            n->open = carci_kinds[k].seg_open[i];
        }

    uint32_t w = words_of(sizeof(carci_hdr));
    for (uint32_t i = 0; i < CARCI_MOD_SLOTS; i++) {
        rs->mod_off[i] = w;
        w += (uint32_t)rs->mod_words[i];
    }
    rs->off_bag = w;
    w += ntiles;
    rs->off_placed = w;
    w += ntiles * words_of(sizeof(carci_placed));
    rs->off_hash = w;
    w += hc * CARCI_HASH_WORDS;
    rs->off_fslot = w;
    w += rs->front_cap;
    rs->off_fnm = w;
    w += rs->front_cap;
    rs->off_fnb = w;
    w += 2 * rs->front_cap;
    rs->off_mon = w;
    w += nmon * words_of(sizeof(carci_mon));
    rs->off_node = w;
    /* and room for a whole node template past the last node (carci_tile_init) */
    w += (nnodes + CARCI_NODE_TMPL) * words_of(sizeof(carci_node));
    rs->off_fig = w;
    w += rs->fig_cap * words_of(sizeof(carci_fig));
    rs->off_event = w;
    w += rs->event_cap * words_of(sizeof(carci_ev));
    if (w > 0xFFFF) {
        carci_free(a, rs, sz);
        return CARC_ELIMIT;
    }
    rs->state_words = w;
    rs->init = carci_alloc(a, (size_t)rs->off_event * sizeof(uint16_t));
    if (!rs->init) {
        carci_free(a, rs, sz);
        return CARC_ENOMEM;
    }
    carci_setup_state(rs, rs->init);
    *out = rs;
    return CARC_OK;
}

bool carci_ruleset_matches(const carci_ruleset *rs, const carc_game_options *o, const carci_rules *rules)
{
    /* the start as given, not only as resolved: a named start tile equal to
     * the module's default may be refused (a module may take no start tile),
     * and a cached ruleset must not let such options through unchecked */
    carci_start sp = rules->start(o);
    return rs->modules == o->modules && rs->players == o->players && rs->start_tile == o->start_tile &&
           rs->start_kind == sp.kind && rs->start_rot == sp.rot && rs->start_x == sp.x && rs->start_y == sp.y &&
           rs->flags == o->flags && rs->variants == o->variants;
}
