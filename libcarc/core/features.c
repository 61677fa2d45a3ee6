/* SPDX-License-Identifier: MIT */
/*
 * Features: union-find over the segments of placed tiles (roads, cities,
 * fields; monasteries are single nodes). Every node points at its root, so
 * a find is one load: a merge points every node of the feature that goes
 * under at the other root (one journaled word a node); which root stays is
 * decided by rank, the root's parent word's top bits. Each
 * feature keeps a circular list of its segments (next), its count of
 * unmatched edges (open) and the figures on it (occ), all on the root.
 * Distinct tiles and pennants are counted when needed (scoring, queries).
 */
#include "core/features.h"
#include "core/board.h"
#include "core/state.h"
#include "tiles/catalogue.h"

void carci_union(carc_game *g, uint16_t a, uint16_t b)
{
    carci_merge(g, carci_find(g, a), carci_find(g, b), 0);
}


uint16_t carci_node_tile(const carc_game *g, uint16_t n)
{
    return (uint16_t)(CARCI_NODES(g)[n].tile_occ & 0xFFu);
}

uint8_t carci_node_seg(const carc_game *g, uint16_t n)
{
    const carci_placed *p = &CARCI_PLACED(g)[carci_node_tile(g, n)];
    return (uint8_t)(n - carci_placed_base(p));
}

uint8_t carci_node_kind(const carc_game *g, uint16_t n)
{
    const carci_placed *p = &CARCI_PLACED(g)[carci_node_tile(g, n)];
    return carci_tiles[p->kind].seg[n - carci_placed_base(p)].kind;
}

uint32_t carci_count_diagonals(const carc_game *g, int32_t x, int32_t y)
{
    uint32_t n = 0;
    for (int d = 0; d < 4; d++) {
        uint16_t v = carci_cell(g, x + ((d & 1) ? 1 : -1), y + ((d & 2) ? 1 : -1));
        n += v != CARCI_SLOT_EMPTY && !(v & CARCI_SLOT_FRONT);
    }
    return n;
}

/* Tiles around the monastery (or garden) on placed tile `tile`, kept up to
 * date in the monastery list as tiles are placed. */
uint32_t carci_monastery_neighbours(const carc_game *g, uint16_t tile)
{
    const carci_mon *m = CARCI_MONS(g);
    for (uint32_t i = 0, n = CARCI_HDR(g)->n_mon; i < n; i++)
        if (carci_node_tile(g, m[i].node) == tile)
            return m[i].count;
    return 0;
}

/* Distinct tiles of a road/city/field feature (a tile counts once even when the
 * feature passes through it twice), its pennants and its special marks. */
uint32_t carci_feature_tiles(const carc_game *g, uint16_t root, uint32_t *pennants, uint32_t *special)
{
    const carci_node *nd = CARCI_NODES(g);
    uint64_t seen[4] = { 0, 0, 0, 0 };
    uint32_t tiles = 0, pen = 0, sp = 0;
    bool segs = pennants || special;
    uint16_t n = root;
    do {
        uint16_t t = (uint16_t)(nd[n].tile_occ & 0xFFu);
        if (!(seen[t >> 6] & (1ull << (t & 63)))) {
            seen[t >> 6] |= 1ull << (t & 63);
            tiles++;
        }
        if (segs) {
            const carci_placed *p = &CARCI_PLACED(g)[t];
            const carci_segdef *sd = &carci_tiles[p->kind].seg[n - carci_placed_base(p)];
            pen += sd->pennants;
            sp |= sd->special;
        }
        n = nd[n].next;
    } while (n != root);
    if (pennants)
        *pennants = pen;
    if (special)
        *special = sp;
    return tiles;
}

bool carci_feature_complete(const carc_game *g, uint16_t root)
{
    switch (carci_node_kind(g, root)) {
    case CARC_SEG_ROAD:
    case CARC_SEG_CITY:
        return CARCI_NODES(g)[root].open == 0;
    case CARC_SEG_MONASTERY:
    case CARC_SEG_GARDEN:
        return carci_monastery_neighbours(g, carci_node_tile(g, root)) == 8;
    default:
        return false;
    }
}

/* Distinct completed cities bordering a field (docs/rules.md 2.9); the City of
 * Carcassonne counts as one for a field along it (ruling C-15). With its
 * distinct tiles in *tiles (if not NULL): one walk over the field, the tiles
 * and the cities' roots marked in bit sets. */
static uint32_t field_cities(const carc_game *g, uint16_t root, uint32_t *tiles)
{
    const carci_node *nd = CARCI_NODES(g);
    uint64_t seen[4] = { 0, 0, 0, 0 };          /* tiles (CARCI_MAX_TILES < 256) */
    uint64_t cities[(0x0FFF + 64) / 64];        /* city roots, node indices below 0x0FFF */
    uint32_t words = (uint32_t)CARCI_HDR(g)->n_nodes / 64 + 1;
    memset(cities, 0, words * sizeof *cities);
    uint32_t nt = 0, nc = 0, coc = 0;
    uint16_t n = root;
    do {
        uint32_t t = nd[n].tile_occ & 0xFFu;
        uint64_t tb = 1ull << (t & 63);
        nt += (seen[t >> 6] & tb) == 0;
        seen[t >> 6] |= tb;
        const carci_placed *p = &CARCI_PLACED(g)[t];
        uint16_t base = carci_placed_base(p);
        const carci_segdef *sd = &carci_tiles[p->kind].seg[n - base];
        coc |= sd->special;
        for (unsigned adj = sd->adj; adj; adj &= adj - 1) {
            uint16_t r = carci_find(g, (uint16_t)(base + __builtin_ctz(adj)));
            uint64_t rb = 1ull << (r & 63);
            uint32_t add = (nd[r].open == 0) & ((cities[r >> 6] & rb) == 0);
            nc += add;
            cities[r >> 6] |= add ? rb : 0;
        }
        n = nd[n].next;
    } while (n != root);
    if (tiles)
        *tiles = nt;
    return nc + ((coc & CARC_SEGMENT_COC) != 0);
}

/* What a feature scores now (completed, or at the end when `final`), and its
 * distinct tiles (monasteries: 1 + neighbours) in *tiles and what made the
 * value (CARC_BONUS_*) in *bonus, if not NULL. A module's scoring hook
 * values the roads and cities with the marks it scores (hooks.value). */
int32_t carci_feature_value(const carc_game *g, uint16_t root, bool final, uint32_t *tiles_out, uint32_t *bonus)
{
    uint32_t pen = 0, tiles = 0, sp = 0, why = 0;
    int32_t value = 0;
    uint8_t kind = carci_node_kind(g, root);
    bool complete = !final && CARCI_NODES(g)[root].open == 0;
    switch (kind) {
    case CARC_SEG_ROAD:
    case CARC_SEG_CITY:
        /* pennants only count in cities; marks only where a module values them */
        tiles = carci_feature_tiles(g, root, kind == CARC_SEG_CITY ? &pen : NULL,
                                    g->rs->hooks.value[kind] ? &sp : NULL);
        sp &= g->rs->value_marks;
        if (sp)
            value = g->rs->hooks.value[kind](sp, tiles, pen, complete, &why);
        else if (kind == CARC_SEG_ROAD)
            value = (int32_t)tiles;
        else
            value = complete ? (int32_t)(2 * (tiles + pen)) : (int32_t)(tiles + pen);
        /* the first edition's tiny city (rule variant): a completed city of
         * two tiles scores as an incomplete one */
        if (complete && tiles == 2 && kind == CARC_SEG_CITY && (g->rs->variants & CARC_VARIANT_TINY_CITY))
            value = (int32_t)(tiles + pen);
        break;
    case CARC_SEG_MONASTERY:
    case CARC_SEG_GARDEN:
        tiles = 1 + carci_monastery_neighbours(g, carci_node_tile(g, root));
        value = (int32_t)tiles;
        break;
    case CARC_SEG_FIELD:
        value = (int32_t)(3 * field_cities(g, root, &tiles));
        break;
    default:
        break;
    }
    if (tiles_out)
        *tiles_out = tiles;
    if (bonus)
        *bonus = why;
    return value;
}

