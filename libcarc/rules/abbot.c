/* SPDX-License-Identifier: MIT */
/*
 * The Abbot and gardens (docs/rules.md section 4, rulings 19-21):
 * one abbot per player, on a monastery or a garden of the tile just placed
 * (gardens take nobody else); completed at 8 neighbours like a monastery
 * (9 points, the abbot goes home); or recalled instead of placing a figure,
 * scoring at once 1 + the tiles around it, the tile just placed included.
 *
 * Rulings taken: the recall is refused when the tile just placed completes
 * the abbot's monastery or garden (it scores 9 by itself, ruling 19); the
 * recall is the turn's one figure action (ruling 20), so no figure goes on
 * that tile. The garden copies of the base tiles are their own kinds with
 * this module (tiles/gardens.inc), and RJ's garden comes with the River.
 */
#include "rules/rules.h"
#include <stdio.h>

/* The monastery list entry of the feature whose node is `node`. */
static const carci_mon *mon_of(const carc_game *g, uint16_t node)
{
    const carci_mon *m = CARCI_MONS(g);
    for (uint32_t i = 0, n = CARCI_HDR(g)->n_mon; i < n; i++)
        if (m[i].node == node)
            return &m[i];
    return NULL; /* cannot happen: the abbot stands on a monastery or a garden */
}

static bool near(const carci_mon *m, int32_t x, int32_t y)
{
    return x - m->x >= -1 && x - m->x <= 1 && y - m->y >= -1 && y - m->y <= 1;
}

/* The recall of move m (segment CARCI_SEGMENT_ACTION), checked before its
 * tile is placed. */
static carc_status check_recall(const carc_game *g, const carc_move *m, char *err, size_t cap)
{
    uint32_t player = CARCI_HDR(g)->cur;
    if (m->figure != CARC_FIGURE_ABBOT) {
        CARCI_WHY(err, cap, "only the abbot can be recalled");
        return CARC_EINVAL;
    }
    int32_t i = carci_figure_find(g, player, CARC_FIGURE_ABBOT);
    if (i < 0) {
        CARCI_WHY(err, cap, "player %u has no abbot on the board to recall", player);
        return CARC_EILLEGAL;
    }
    const carci_mon *mon = mon_of(g, CARCI_FIGS(g)[i].node);
    if (mon && mon->count == 7 && near(mon, m->x, m->y)) {
        CARCI_WHY(err, cap, "the tile completes the abbot's %s, which scores by itself: no recall",
                 carci_node_kind(g, mon->node) == CARC_SEG_GARDEN ? "garden" : "monastery");
        return CARC_EILLEGAL;
    }
    return CARC_OK;
}

/* The recall after placement m, when it is legal (room reserved by the
 * caller: rs->max_actions). */
static void enum_recall(carc_movelist *l, const carc_game *g, const carc_move *m)
{
    const carci_hdr *h = CARCI_HDR(g);
    if ((h->specials[h->cur] >> CARC_FIGURE_ABBOT) & 1u)
        return; /* the abbot is in supply, not on the board */
    carc_move r = *m;
    r.figure = CARC_FIGURE_ABBOT;
    r.segment = CARCI_SEGMENT_ACTION;
    if (check_recall(g, &r, NULL, 0) == CARC_OK)
        l->moves[l->n++] = r;
}

/* The recall, after the tile of the move is on the board (m->x, m->y: where
 * it lies). */
static void apply_recall(carc_game *g, uint32_t player, uint32_t turn, const carc_move *m)
{
    int32_t x = m->x, y = m->y;
    int32_t i = carci_figure_find(g, player, CARC_FIGURE_ABBOT);
    uint16_t node = CARCI_FIGS(g)[i].node;
    const carci_mon *mon = mon_of(g, node);
    /* the list's count does not include the new tile yet: scoring updates it */
    uint32_t tiles = 1u + mon->count + (near(mon, x, y) ? 1u : 0u);
    carci_hdr *h = CARCI_HDR(g);
    CARCI_SET(g, h->score[player], h->score[player] + (int32_t)tiles);
    carci_figure_remove(g, (uint32_t)i);
    if (g->rs->hooks.removed)
        g->rs->hooks.removed(g, CARC_FIGURE_ABBOT);
    carci_event_push(g, CARC_EVENT_RECALL, carci_node_kind(g, node), turn, (int32_t)tiles, 1u << player, 1, node,
                     tiles);
}

void carci_abbot_install(carci_ruleset *rs)
{
    rs->figure_on[CARC_FIGURE_ABBOT] = (uint8_t)(1u << CARC_SEG_MONASTERY | 1u << CARC_SEG_GARDEN);
    rs->specials |= (uint8_t)(1u << CARC_FIGURE_ABBOT);
    rs->hooks.action_check = check_recall;
    rs->hooks.action_enum = enum_recall;
    rs->hooks.action_apply = apply_recall;
}
