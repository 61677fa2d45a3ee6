/* SPDX-License-Identifier: MIT */
/* Public queries over the board, the figures and the features. */
#include "core/board.h"
#include "core/features.h"
#include "core/state.h"
#include "rules/rules.h"
#include "tiles/catalogue.h"
#include "util/abi.h"

static carc_move placed_move(const carci_placed *p)
{
    carc_move m = { p->x, p->y, p->kind, carci_placed_rot(p), CARC_FIGURE_NONE, CARC_NO_SEGMENT, 0, 0, 0 };
    return m;
}

carc_status carc_game_tile_count(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = CARCI_HDR(g)->n_placed;
    return CARC_OK;
}

carc_status carc_game_tile(carc_move *out, const carc_game *g, uint32_t index)
{
    CARCI_CHECK(out && g);
    if (index >= CARCI_HDR(g)->n_placed)
        return CARC_ERANGE;
    *out = placed_move(&CARCI_PLACED(g)[index]);
    return CARC_OK;
}

carc_status carc_game_tile_at(carc_move *out, const carc_game *g, int32_t x, int32_t y)
{
    CARCI_CHECK(out && g);
    uint16_t v = carci_cell(g, x, y);
    if (v == CARCI_SLOT_EMPTY || (v & CARCI_SLOT_FRONT))
        return CARC_ENOTFOUND;
    *out = placed_move(&CARCI_PLACED(g)[v]);
    return CARC_OK;
}

carc_status carc_game_bounds(int32_t *min_x, int32_t *min_y, int32_t *max_x, int32_t *max_y, const carc_game *g)
{
    CARCI_CHECK(min_x && min_y && max_x && max_y && g);
    const carci_placed *p = CARCI_PLACED(g);
    int32_t a = p[0].x, b = p[0].y, c = p[0].x, d = p[0].y;
    for (uint32_t i = 1; i < CARCI_HDR(g)->n_placed; i++) {
        if (p[i].x < a)
            a = p[i].x;
        if (p[i].y < b)
            b = p[i].y;
        if (p[i].x > c)
            c = p[i].x;
        if (p[i].y > d)
            d = p[i].y;
    }
    *min_x = a;
    *min_y = b;
    *max_x = c;
    *max_y = d;
    return CARC_OK;
}

carc_status carc_game_figure_count(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = CARCI_HDR(g)->n_figs;
    return CARC_OK;
}

carc_status carc_game_figure(carc_figure_info *out, const carc_game *g, uint32_t index)
{
    CARCI_CHECK(out && g && out->struct_size >= sizeof(uint32_t));
    if (index >= CARCI_HDR(g)->n_figs)
        return CARC_ERANGE;
    const carci_fig *f = &CARCI_FIGS(g)[index];
    const carci_placed *p = &CARCI_PLACED(g)[carci_node_tile(g, f->node)];
    carc_figure_info r;
    r.player = f->player_kind & 0xFFu;
    r.figure = f->player_kind >> 8;
    r.x = p->x;
    r.y = p->y;
    r.segment = carci_node_seg(g, f->node);
    r.feature = carci_find(g, f->node);
    carci_copy_out(out, &r, sizeof r);
    return CARC_OK;
}

carc_status carc_game_feature_at(uint32_t *out, const carc_game *g, int32_t x, int32_t y, uint32_t segment)
{
    CARCI_CHECK(out && g);
    uint16_t v = carci_cell(g, x, y);
    if (v == CARCI_SLOT_EMPTY || (v & CARCI_SLOT_FRONT))
        return CARC_ENOTFOUND;
    const carci_placed *p = &CARCI_PLACED(g)[v];
    if (segment >= carci_tiles[p->kind].nseg)
        return CARC_ERANGE;
    *out = carci_find(g, (uint16_t)(carci_placed_base(p) + segment));
    return CARC_OK;
}

static bool is_feature(const carc_game *g, uint32_t f)
{
    return f < CARCI_HDR(g)->n_nodes && carci_find(g, (uint16_t)f) == f;
}

carc_status carc_game_feature(carc_feature_info *out, const carc_game *g, uint32_t feature)
{
    CARCI_CHECK(out && g && out->struct_size >= sizeof(uint32_t));
    if (!is_feature(g, feature))
        return CARC_ENOTFOUND;
    uint16_t root = (uint16_t)feature;
    const carci_node *nd = CARCI_NODES(g);
    carc_feature_info r;
    memset(&r, 0, sizeof r);
    r.kind = carci_node_kind(g, root);
    r.figures = nd[root].tile_occ >> 8;
    r.complete = carci_feature_complete(g, root);
    if (r.kind == CARC_SEG_MONASTERY || r.kind == CARC_SEG_GARDEN) {
        uint32_t nb = carci_monastery_neighbours(g, carci_node_tile(g, root));
        r.tiles = 1 + nb;
        r.open_edges = 8 - nb;
        r.segments = 1;
    } else {
        r.tiles = carci_feature_tiles(g, root, &r.pennants, &r.special);
        r.open_edges = nd[root].open > 0 ? (uint32_t)nd[root].open : 0;
        uint16_t n = root;
        do {
            r.segments++;
            n = nd[n].next;
        } while (n != root);
        if (r.kind == CARC_SEG_CITY)
            carci_feature_goods(g, root, r.goods);
    }
    r.value = carci_feature_value(g, root, false, NULL, NULL);
    carci_copy_out(out, &r, sizeof r);
    return CARC_OK;
}

carc_status carc_game_feature_occupants(uint32_t *counts, size_t cap, const carc_game *g, uint32_t feature)
{
    CARCI_CHECK(counts && g && cap >= CARCI_HDR(g)->players);
    if (!is_feature(g, feature))
        return CARC_ENOTFOUND;
    for (size_t p = 0; p < cap; p++)
        counts[p] = 0;
    const carci_fig *f = CARCI_FIGS(g);
    for (uint32_t i = 0; i < CARCI_HDR(g)->n_figs; i++)
        if (carci_find(g, f[i].node) == feature)
            counts[f[i].player_kind & 0xFFu]++;
    return CARC_OK;
}

carc_status carc_game_feature_tiles(int32_t *xy, size_t cap, size_t *count, const carc_game *g, uint32_t feature)
{
    CARCI_CHECK(count && g && (xy || !cap));
    if (!is_feature(g, feature))
        return CARC_ENOTFOUND;
    uint16_t root = (uint16_t)feature;
    uint8_t kind = carci_node_kind(g, root);
    const carci_placed *pl = CARCI_PLACED(g);
    size_t n = 0;
    if (kind == CARC_SEG_MONASTERY || kind == CARC_SEG_GARDEN) {
        const carci_placed *p = &pl[carci_node_tile(g, root)];
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                uint16_t v = carci_cell(g, p->x + dx, p->y + dy);
                if (v == CARCI_SLOT_EMPTY || (v & CARCI_SLOT_FRONT))
                    continue;
                if (n < cap) {
                    xy[2 * n] = p->x + dx;
                    xy[2 * n + 1] = p->y + dy;
                }
                n++;
            }
    } else {
        const carci_node *nd = CARCI_NODES(g);
        uint64_t seen[4] = { 0, 0, 0, 0 };
        uint16_t v = root;
        do {
            uint16_t t = (uint16_t)(nd[v].tile_occ & 0xFFu);
            if (!(seen[t >> 6] & (1ull << (t & 63)))) {
                seen[t >> 6] |= 1ull << (t & 63);
                if (n < cap) {
                    xy[2 * n] = pl[t].x;
                    xy[2 * n + 1] = pl[t].y;
                }
                n++;
            }
            v = nd[v].next;
        } while (v != root);
    }
    *count = n;
    return n > cap ? CARC_EBUFFER : CARC_OK;
}
