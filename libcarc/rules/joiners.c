/* SPDX-License-Identifier: MIT */
/*
 * Figures that join a feature of their owner's: the builder and the pig of
 * Traders & Builders (docs/rules.md section 7, rulings T-4, T-6, T-7). Such
 * a figure goes, instead of a follower, only on a segment of the new tile
 * whose feature already holds one of its owner's followers (or his big
 * follower); it never counts for majority. One whose owner has no follower
 * left in its feature goes home at once (T-7). Scoring during play sends a
 * feature's figures home together; the only other way a figure leaves the
 * board is the abbot's recall, after which the rule is applied (it never
 * finds a builder or pig alone today: the abbot stands on monasteries and
 * gardens only). builder.c and pig.c say where each goes.
 */
#include "rules/rules.h"

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

/* (the figures are picked without a branch: each node is written, and the
 * count advances when it is the player's) */
uint32_t carci_own_roots(const carc_game *g, uint32_t player, uint16_t *roots)
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

/* The segments of `kind` turned `rot` on frontier cell fi the joiner `fig`
 * may take (bit s: segment s): those whose feature, once the tile
 * is placed, holds a follower of the player to move, and for the builder is
 * not complete. The segments of the tile that join the same features are
 * decided together, only those next to a feature with figures are looked
 * at, and the player's features are found once, when first needed. */
static unsigned joiner_figure_mask(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
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
            n_own = (int32_t)carci_own_roots(g, cur, own);
        if (share_root(roots, n, own, (uint32_t)n_own))
            ok |= segs;
    }
    return ok & eligible;
}

static void joiner_removed(carc_game *g, uint32_t figure)
{
    /* the abbot stands on monasteries and gardens only, where no builder or
     * pig stands: its recall leaves none of them alone */
    if (figure == CARC_FIGURE_ABBOT)
        return;
    const carci_fig *f = CARCI_FIGS(g);
    for (uint32_t i = 0; i < CARCI_HDR(g)->n_figs;) {
        uint32_t fk = f[i].player_kind >> 8;
        if (!((g->rs->joins_own >> fk) & 1u)) {
            i++;
            continue;
        }
        uint16_t r = carci_find(g, f[i].node), own[CARCI_MAX_FIGS + 1];
        if (!share_root(&r, 1, own, carci_own_roots(g, f[i].player_kind & 0xFFu, own)))
            carci_figure_remove(g, i); /* the next figure moves down to i */
        else
            i++;
    }
}

void carci_joiner_install(carci_ruleset *rs, uint32_t fig, const char *why)
{
    rs->specials |= (uint8_t)(1u << fig);
    rs->joins_own |= (uint8_t)(1u << fig);
    rs->joins_own_why[fig] = why;
    rs->hooks.figure_mask = joiner_figure_mask;
    rs->hooks.removed = joiner_removed;
}
