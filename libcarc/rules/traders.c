/* SPDX-License-Identifier: MIT */
/*
 * Traders & Builders (docs/rules.md section 7, rulings
 * T-1..T-8): 24 tiles (tiles/traders.inc) with goods symbols in their cities,
 * one builder and one pig per player.
 *
 * - Goods: when a move completes a city, after its scoring, the player who
 *   placed the tile takes one token per symbol in it, whoever held the city
 *   and even if nobody did (T-1); open cities give none. At the end, per
 *   kind of goods, the players with the most tokens score 10 each; a kind
 *   nobody holds scores nothing (T-2).
 * - The builder goes, instead of a follower, on a road or city segment of the
 *   new tile whose feature stays incomplete and already holds one of the
 *   player's followers (or his big follower). It never counts for majority.
 *   When a later tile of his (T-5) extends or completes that feature (T-4),
 *   he places a second tile in the same turn, with its own figure and
 *   scoring; the second tile never gives a third, and it is his even when
 *   the first part's scoring sent the builder home. The second tile is
 *   optional (T-3): the pending decision is the same player's, declined
 *   with a pass. Project ruling: when the pile is empty after the first
 *   part there is no second tile; an unplaceable second tile is discarded
 *   and the next one drawn, as in any turn.
 * - The pig goes, instead of a follower, on a field segment of the new tile
 *   whose field already holds one of the player's farmers; it never counts
 *   for majority. At the end, a majority holder with his pig in the field
 *   scores 4 per completed city instead of 3; tied holders without one keep
 *   3 (T-6).
 * - A builder or pig whose owner has no follower left in its feature goes
 *   home at once (T-7). Scoring during play sends a feature's figures home
 *   together; the only other way a figure leaves the board is the abbot's
 *   recall, after which the rule is applied (it never finds a builder or
 *   pig alone today: the abbot stands on monasteries and gardens only).
 */
#include "rules/state.h"

/* The features (roots) of the segments `segs` of a tile turned `rot` once
 * placed (the segments carci_joined_segments groups: each of them joins
 * the same features). Returns how many; *open receives the unmatched edges
 * of the feature once the tile is placed. */
static uint32_t group_roots(const carc_game *g, const carci_near_set *ns, const carci_tiledef *t, uint32_t rot,
                            unsigned placed, unsigned segs, uint16_t *roots, int32_t *open)
{
    const carci_node *nd = CARCI_NODES(g);
    uint32_t n = 0;
    int32_t op = 0;
    for (unsigned m = segs; m; m &= m - 1) {
        unsigned s = (unsigned)__builtin_ctz(m);
        for (uint32_t j = 0; j < ns->n[s]; j++) {
            uint32_t k = 0;
            while (k < n && roots[k] != ns->root[s][j])
                k++;
            if (k == n)
                roots[n++] = ns->root[s][j];
        }
        op += (int32_t)carci_popcount16(t->seg[s].edges) -
              2 * (int32_t)carci_popcount16(carci_rot_sides(t->seg[s].edges, rot) & placed);
    }
    for (uint32_t k = 0; k < n; k++)
        op += nd[roots[k]].open;
    *open = op;
    return n;
}

/* The features (roots) on which a follower of `player` (one that counts: a
 * follower, a big follower) stands; returns how many. `roots` has room for
 * CARCI_MAX_FIGS + 1: the figures are picked without a branch (each node is
 * written, and the count advances when it is the player's). */
static uint32_t own_roots(const carc_game *g, uint32_t player, uint16_t *roots)
{
    const carci_fig *f = CARCI_FIGS(g);
    uint32_t n = 0;
    for (uint32_t i = 0, e = CARCI_HDR(g)->n_figs; i < e; i++) {
        uint32_t pk = f[i].player_kind;
        roots[n] = f[i].node;
        n += ((pk & 0xFFu) == player) & (carci_figure_strength(pk >> 8) != 0);
    }
    for (uint32_t k = 0; k < n; k++)
        roots[k] = carci_find(g, roots[k]);
    return n;
}

/* Whether the root lists a and b share a root. */
static bool share_root(const uint16_t *a, uint32_t na, const uint16_t *b, uint32_t nb)
{
    for (uint32_t i = 0; i < na; i++)
        for (uint32_t j = 0; j < nb; j++)
            if (a[i] == b[j])
                return true;
    return false;
}

/* The segments of `kind` turned `rot` on frontier cell fi the builder or
 * the pig may take (bit s: segment s): those whose feature, once the tile
 * is placed, holds a follower of the player to move, and for the builder is
 * not complete. The segments of the tile that join the same features are
 * decided together, only those next to a feature with figures are looked
 * at, and the player's features are found once, when first needed. */
static unsigned traders_figure_mask(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
                                    uint32_t fig)
{
    const unsigned eligible = g->rs->eligible[fig][kind];
    if (!eligible)
        return 0;
    /* nobody of the player's on a road, city or field: no feature to join
     * (followers in the City of Carcassonne stand on none) */
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t cur = h->cur;
    unsigned out = (unsigned)g->rs->specials & ~(unsigned)h->specials[cur]; /* the player's figures on the board */
    if (h->supply[cur] == CARCI_FOLLOWERS && !((out >> CARC_FIGURE_BIG) & 1u))
        return 0;
    const carci_tiledef *t = &carci_tiles[kind];
    carci_near_set ns;
    unsigned occupied = carci_near_roots(g, fi, placed, kind, rot, eligible, &ns);
    uint16_t own[CARCI_MAX_FIGS + 1];
    int32_t n_own = -1; /* found when first needed */
    unsigned ok = 0;
    for (unsigned cand = occupied; cand;) {
        uint16_t roots[4 * CARCI_MAX_SEG];
        int32_t open;
        /* the segments of the tile that join the same features (segments
         * of different kinds never meet the same feature) */
        unsigned segs = carci_joined_segments(&ns, eligible, (unsigned)__builtin_ctz(cand));
        uint32_t n = group_roots(g, &ns, t, rot, placed, segs, roots, &open);
        cand &= ~segs;
        /* the builder: on an incomplete road or city */
        if (fig == CARC_FIGURE_BUILDER && open <= 0)
            continue;
        if (n_own < 0)
            n_own = (int32_t)own_roots(g, cur, own);
        if (share_root(roots, n, own, (uint32_t)n_own))
            ok |= segs;
    }
    return ok & eligible;
}

static bool traders_extends(const carc_game *g, uint32_t player, uint16_t base, uint32_t kind, unsigned segs)
{
    if ((CARCI_HDR(g)->specials[player] >> CARC_FIGURE_BUILDER) & 1u)
        return false; /* the builder is in supply */
    segs &= g->rs->kinds[kind].rc_mask;
    if (!segs)
        return false; /* the tile's roads and cities are features of their own */
    int32_t i = carci_figure_find(g, player, CARC_FIGURE_BUILDER);
    if (i < 0)
        return false;
    uint16_t r = carci_find(g, CARCI_FIGS(g)[i].node);
    for (unsigned mk = segs; mk; mk &= mk - 1)
        if (carci_find(g, (uint16_t)(base + (unsigned)__builtin_ctz(mk))) == r)
            return true;
    return false;
}

static void traders_completed(carc_game *g, uint16_t base, uint32_t kind, uint32_t player, uint32_t turn,
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

static uint32_t traders_better(const carc_game *g, uint16_t root, uint32_t players, int32_t *points,
                               uint32_t *bonus)
{
    const carci_fig *f = CARCI_FIGS(g);
    uint32_t pigs = 0;
    if (*points == 0)
        return 0; /* no completed city: a pig changes nothing */
    for (uint32_t i = 0, e = CARCI_HDR(g)->n_figs; i < e; i++)
        if ((f[i].player_kind >> 8) == CARC_FIGURE_PIG && carci_find(g, f[i].node) == root)
            pigs |= 1u << (f[i].player_kind & 0xFFu);
    pigs &= players;
    if (pigs) {
        *points += *points / 3; /* 4 per city instead of 3 */
        *bonus |= CARC_BONUS_PIG;
    }
    return pigs;
}

static void traders_removed(carc_game *g, uint32_t figure)
{
    /* the abbot stands on monasteries and gardens only, where no builder or
     * pig stands: its recall leaves none of them alone */
    if (figure == CARC_FIGURE_ABBOT)
        return;
    const carci_fig *f = CARCI_FIGS(g);
    for (uint32_t i = 0; i < CARCI_HDR(g)->n_figs;) {
        uint32_t fk = f[i].player_kind >> 8;
        if (fk != CARC_FIGURE_BUILDER && fk != CARC_FIGURE_PIG) {
            i++;
            continue;
        }
        uint16_t r = carci_find(g, f[i].node), own[CARCI_MAX_FIGS + 1];
        if (!share_root(&r, 1, own, own_roots(g, f[i].player_kind & 0xFFu, own)))
            carci_figure_remove(g, i); /* the next figure moves down to i */
        else
            i++;
    }
}

static void traders_final(carc_game *g, uint32_t turn)
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

void carci_traders_install(carci_ruleset *rs)
{
    carci_state_reserve(rs, CARCI_SLOT_TRADERS, sizeof(carci_goods_state));
    rs->mod_mix[CARCI_SLOT_TRADERS] = goods_mix;
    rs->figure_on[CARC_FIGURE_BUILDER] = (uint8_t)(1u << CARC_SEG_ROAD | 1u << CARC_SEG_CITY);
    rs->specials |= (uint8_t)(1u << CARC_FIGURE_BUILDER);
    rs->joins_own |= (uint8_t)(1u << CARC_FIGURE_BUILDER);
    rs->joins_own_why[CARC_FIGURE_BUILDER] =
        "a builder goes on a road or city that is not complete and already holds a follower of player %u";
    if (rs->modules & CARC_MODULE_FARMERS) { /* without farmers a pig would have nobody to join */
        rs->figure_on[CARC_FIGURE_PIG] = (uint8_t)(1u << CARC_SEG_FIELD);
        rs->specials |= (uint8_t)(1u << CARC_FIGURE_PIG);
        rs->joins_own |= (uint8_t)(1u << CARC_FIGURE_PIG);
        rs->joins_own_why[CARC_FIGURE_PIG] = "a pig goes on a field that already holds a farmer of player %u";
    }
    rs->hooks.figure_mask = traders_figure_mask;
    rs->hooks.extends = traders_extends;
    rs->hooks.completed = traders_completed;
    rs->hooks.better = traders_better;
    rs->hooks.removed = traders_removed;
    rs->hooks.final = traders_final;
    /* a pass after each tile at most; a token event per goods symbol of
     * the set, the majorities, and a second field event per pig */
    uint8_t copies[CARCI_MAX_KINDS];
    carci_tile_counts(copies, rs->modules);
    uint32_t symbols = 0;
    for (uint32_t k = 0; k < carci_tile_kinds; k++)
        for (uint32_t s = 0; copies[k] && s < carci_tiles[k].nseg; s++)
            symbols += copies[k] * (uint32_t)__builtin_popcount(carci_tiles[k].seg[s].special &
                                                               (CARC_SEGMENT_WINE | CARC_SEGMENT_GRAIN |
                                                                CARC_SEGMENT_CLOTH));
    rs->hist_extra += rs->ntiles;
    rs->event_extra += symbols + CARC_GOOD_COUNT + rs->players;
}
