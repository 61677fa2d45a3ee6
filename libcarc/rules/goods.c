/* SPDX-License-Identifier: MIT */
/*
 * The goods of Traders & Builders (docs/rules.md section 7, rulings T-1,
 * T-2): when a move completes a city, after its scoring, the player who
 * placed the tile takes one token per symbol in it, whoever held the city
 * and even if nobody did (T-1); open cities give none. At the end, per kind
 * of goods, the players with the most tokens score 10 each; a kind nobody
 * holds scores nothing (T-2). The tiles that show goods are the element
 * traders-tiles (tiles/traders.inc). The tokens are this element's state
 * (rules/state.h, CARCI_SLOT_TRADERS).
 */
#include "rules/state.h"

static void goods_completed(carc_game *g, uint16_t base, uint32_t kind, uint32_t player, uint32_t turn,
                              unsigned segs)
{
    const carci_node *nd = CARCI_NODES(g);
    const unsigned cities = g->rs->kinds[kind].city_mask;
    for (unsigned mk = cities & segs; mk; mk &= mk - 1) {
        unsigned seg = (unsigned)__builtin_ctz(mk);
        uint16_t r = carci_find(g, (uint16_t)(base + seg));
        if (nd[r].open != 0)
            continue;
        /* a city the tile meets with two segments gives its goods once */
        bool seen = false;
        for (unsigned o = cities & ((1u << seg) - 1u); o; o &= o - 1)
            seen |= carci_find(g, (uint16_t)(base + (unsigned)__builtin_ctz(o))) == r;
        if (seen)
            continue;
        uint32_t goods[CARC_GOOD_COUNT];
        carci_feature_goods(g, r, goods);
        uint32_t tiles = goods[0] + goods[1] + goods[2] ? carci_feature_tiles(g, r, NULL, NULL) : 0;
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            for (uint32_t c = 0; c < goods[k]; c++) {
                CARCI_SET(g, carci_goods_of(g)->goods[player][k], carci_goods_of(g)->goods[player][k] + 1);
                carci_event_push(g, CARC_EVENT_GOODS | k << 6, CARC_SEG_CITY, turn, 0, 1u << player, 0, r, tiles);
            }
    }
}

static void goods_final(carc_game *g, uint32_t turn)
{
    carci_hdr *h = CARCI_HDR(g);
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        uint32_t best = 0, winners = 0;
        for (uint32_t p = 0; p < h->players; p++)
            if (carci_goods_of(g)->goods[p][k] > best)
                best = carci_goods_of(g)->goods[p][k];
        if (!best)
            continue; /* nobody holds this kind: nobody scores it (T-2) */
        for (uint32_t p = 0; p < h->players; p++)
            if (carci_goods_of(g)->goods[p][k] == best) {
                winners |= 1u << p;
                CARCI_SET(g, h->score[p], h->score[p] + 10);
            }
        carci_event_push(g, CARC_EVENT_TRADE | k << 6, CARC_NO_SEGMENT, turn, 10, winners, 0, 0, 0);
    }
}

/* Goods symbols of a city (Traders & Builders), per carc_good. */
void carci_feature_goods(const carc_game *g, uint16_t root, uint32_t goods[CARC_GOOD_COUNT])
{
    const carci_node *nd = CARCI_NODES(g);
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
        goods[k] = 0;
    uint16_t n = root;
    do {
        const carci_placed *p = &CARCI_PLACED(g)[nd[n].tile_occ & 0xFFu];
        uint32_t sp = carci_tiles[p->kind].seg[n - carci_placed_base(p)].special;
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            goods[k] += (sp & CARC_SEGMENT_GOOD(k)) != 0;
        n = nd[n].next;
    } while (n != root);
}

/* Each player's tokens, into the position hash. */
static uint64_t goods_mix(const carc_game *g, uint64_t acc)
{
    const carci_goods_state *s = carci_goods_of(g);
    for (uint32_t p = 0, np = CARCI_HDR(g)->players; p < np; p++)
        acc = carci_fold_words(acc, s->goods[p], CARC_GOOD_COUNT);
    return acc;
}

void carci_goods_install(carci_ruleset *rs)
{
    carci_state_reserve(rs, CARCI_SLOT_TRADERS, sizeof(carci_goods_state));
    rs->mod_mix[CARCI_SLOT_TRADERS] = goods_mix;
    rs->hooks.completed = goods_completed;
    rs->hooks.final = goods_final;
    /* events: a token per goods symbol of the set, and the majorities */
    uint8_t copies[CARCI_MAX_KINDS];
    carci_tile_counts(copies, rs->modules);
    uint32_t symbols = 0;
    for (uint32_t k = 0; k < carci_tile_kinds; k++)
        for (uint32_t s = 0; copies[k] && s < carci_tiles[k].nseg; s++)
            symbols += copies[k] * (uint32_t)__builtin_popcount(carci_tiles[k].seg[s].special &
                                                               (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN |
                                                                CARC_SEGMENT_CLOTH));
    rs->event_extra += symbols + CARC_GOOD_COUNT;
}
