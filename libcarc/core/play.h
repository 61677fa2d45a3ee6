/* SPDX-License-Identifier: MIT */
/*
 * The turn (play.c): the pending decision, checking and applying a move,
 * the parts of a turn and their scoring, lazy draws and discards, the
 * history, figures onto and off the board. Never installed.
 *
 * Inline for the hot path, every move of a playout: the move check's
 * dispatch (carci_check_move, carci_decision), the tile to place
 * (carci_current_index), a history entry (carci_hist_push) and a figure
 * put on the board (carci_figure_add).
 */
#ifndef CARCI_CORE_PLAY_H
#define CARCI_CORE_PLAY_H

#include "core/features.h"
#include "core/journal.h"
#include "core/state.h"
#include "core/zobrist.h"

int32_t carci_figure_find(const carc_game *g, uint32_t player, uint32_t figure); /* index in figs, or -1 */
/* Figure `figure` of `player` onto node n (its feature counts it); the
 * caller takes it from where it was (supply, a quarter of the city). */
static inline void carci_figure_add(carc_game *g, uint16_t n, uint32_t player, uint32_t figure)
{
    carci_hdr *h = CARCI_HDR(g);
    carci_node *nd = CARCI_NODES(g);
    uint16_t r = carci_find(g, n);
    CARCI_SET(g, nd[r].tile_occ, nd[r].tile_occ + 0x100u);
    carci_fig *f = &CARCI_FIGS(g)[h->n_figs];
    /* journaled: scoring compacts this array, so the slot may hold a
     * figure an undo brings back */
    CARCI_SET(g, f->node, n);
    CARCI_SET(g, f->player_kind, player | figure << 8);
    CARCI_HSET(g, n_figs, h->n_figs + 1);
    carci_zob_add(g, carci_zob_figure(g, n, player | figure << 8));
}
void carci_figure_remove(carc_game *g, uint32_t index); /* off the board, back to supply */

/* The checks of carci_check_move below (play.c). */
carc_status carci_check_place(const carc_game *g, const carc_move *m, char *err, size_t errcap, uint32_t *fi);
carc_status carci_check_other(const carc_game *g, const carc_move *m, char *err, size_t errcap, uint32_t *fi);
/* Sides of frontier cell fi with a placed neighbour (bit s: side s). */
unsigned carci_front_placed(const carc_game *g, uint32_t fi);
void carci_apply_move(carc_game *g, const carc_move *m, uint32_t fi); /* fi: from carci_check_move */
void carci_play_legal(carc_game *g, const carc_move *m, uint32_t fi); /* apply and draw; no check, no undo unit */
void carci_apply_decision(carc_game *g, const carc_move *m); /* a checked move that is not a place move */
void carci_advance(carc_game *g);          /* end the game when no tile left can be placed */
uint32_t carci_find_current(const carc_game *g); /* bag index of the tile to place, or NONE32 */
void carci_update_current(carc_game *g);         /* store it in the header (cur_idx) */
static inline uint32_t carci_current_index(const carc_game *g)
{
    uint16_t i = CARCI_HDR(g)->cur_idx;
    return i == 0xFFFFu ? CARCI_NONE32 : i;
}
void carci_discard_top(carc_game *g);       /* the top tile is drawn and discarded */
void carci_pending(const carc_game *g, carc_pending *p);
/* The kind of the pending decision (carc_decision). */
static inline uint32_t carci_decision(const carc_game *g)
{
    const carci_hdr *h = CARCI_HDR(g);
    return h->over ? CARC_DECISION_NONE : h->step ? (h->step & 7u) : CARC_DECISION_PLACE;
}
/* Checks a move; on success *fi (if not NULL) is the frontier index of its
 * cell. A place move while a place is pending goes straight to its check:
 * the only decision of the base game, no detour (play.c). */
static inline carc_status carci_check_move(const carc_game *g, const carc_move *m, char *err, size_t errcap,
                                           uint32_t *fi)
{
    if (m->kind == CARC_MOVE_PLACE && carci_decision(g) == CARC_DECISION_PLACE)
        return carci_check_place(g, m, err, errcap, fi);
    return carci_check_other(g, m, err, errcap, fi);
}
/* The figure action of a place move whose placement is legal on frontier
 * cell fi, without the reason of a failure (play.c). */
bool carci_figure_ok(const carc_game *g, const carc_move *m, uint32_t fi);
/* Whether the module of a restricted kind lets place move m's tile go
 * where it goes (hooks.placement_ok, without the reason; play.c). */
bool carci_restricted_ok(const carc_game *g, const carc_move *m);
/* The end of a turn part once its scoring (and the Count's decisions) are
 * done: the builder's second tile, or the next player (play.c). */
void carci_part_end(carc_game *g);
/* The scoring of the part whose place move is history entry `turn`, and what
 * follows it (play.c): the roads, cities, monasteries and gardens the last
 * tile completed, goods, then the Count's trigger and the end of the part.
 * `monasteries`: whether a monastery or garden may be surrounded now (false
 * only when the caller saw none reach 8 neighbours: their loop is skipped);
 * `segs`: the tile's segments that may have completed a road or city (those
 * that met a neighbour; ~0u: any). */
void carci_part_score(carc_game *g, uint32_t turn, bool monasteries, unsigned segs);
/* The roots of the features the last tile completed, each once (at most 13). */
uint32_t carci_part_completed(const carc_game *g, uint16_t roots[16]);
/* Append a history entry of `kind` for `player` (m: its move, or NULL;
 * inline, so that the place move's copy knows what m is) */
static inline void carci_hist_push(carc_game *g, uint32_t kind, uint32_t player, const carc_move *m)
{
    carci_hdr *h = CARCI_HDR(g);
    carci_hist *e = &CARCI_HIST(g)[h->n_hist];
    CARCI_INIT(e->kind_player, kind | player << 8);
    CARCI_INIT(e->x, m ? m->x : 0);
    CARCI_INIT(e->y, m ? m->y : 0);
    /* a move that places no tile keeps its quarter in the tile word */
    CARCI_INIT(e->tile, m ? (m->kind == CARC_MOVE_PLACE ? m->tile : m->quarter) : 0);
    CARCI_INIT(e->rot_fig_seg, m ? (uint32_t)(m->rotation | m->figure << 2 | m->kind << 5 | m->segment << 8)
                                 : (uint32_t)CARC_NO_SEGMENT << 8);
    CARCI_HSET(g, n_hist, h->n_hist + 1);
}

#endif
