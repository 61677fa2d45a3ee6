/* SPDX-License-Identifier: MIT */
/*
 * The rules modules' own state: each module keeps its words in a slot of
 * the state block (after the header: carci_state_reserve at install,
 * carci_mod_state at play), which the core lays out, copies, clones and
 * journals like the rest without knowing what they hold. The slots' order is
 * the order in which carc_game_hash mixes them in.
 */
#ifndef CARC_RULES_STATE_H
#define CARC_RULES_STATE_H

#include "rules/rules.h"

enum { CARCI_SLOT_TRADERS = 0, CARCI_SLOT_RIVER = 1, CARCI_SLOT_COUNT = 2 };
_Static_assert(CARCI_SLOT_COUNT < CARCI_MOD_SLOTS, "a slot for each module with a state");

/* The River (river.c): the cell where the river goes on, the side of that
 * cell it enters by (in; 0xFFFF: no open end), and the last bend's turn
 * (0: none yet, 1: left, 2: right). */
typedef struct carci_river_state {
    int16_t x, y;
    uint16_t in, bend;
} carci_river_state;

/* Traders & Builders (traders.c): each player's goods tokens. */
typedef struct carci_goods_state {
    uint16_t goods[CARCI_MAX_PLAYERS + 1][CARC_GOOD_COUNT];
} carci_goods_state;

/* The City of Carcassonne (count.c): the Count, the followers in the
 * quarters and the state of the decisions of one turn part. */
typedef struct carci_coc {
    uint16_t count;       /* the quarter where the Count stands */
    uint16_t place_turn;  /* history index of the place move of the part being played */
    uint16_t ev_mark;     /* events before that move's figure action */
    uint16_t out;         /* final round: bit p, player p is out */
    uint16_t used;        /* variant once per turn: a follower went into the city this turn */
    uint16_t pad_;
    uint16_t city[4][CARCI_MAX_PLAYERS]; /* followers per quarter and player */
    uint16_t big[CARCI_MAX_PLAYERS];     /* the quarter of the player's big follower, or CARCI_NO_QUARTER */
} carci_coc;
#define CARCI_NO_QUARTER 0xFFFFu

/* Each module's state in game g (its module must be in play). */
static inline carci_river_state *carci_river_of(const carc_game *g)
{
    return (carci_river_state *)(void *)carci_mod_state(g, CARCI_SLOT_RIVER);
}
static inline carci_goods_state *carci_goods_of(const carc_game *g)
{
    return (carci_goods_state *)(void *)carci_mod_state(g, CARCI_SLOT_TRADERS);
}
static inline carci_coc *carci_coc_of(const carc_game *g)
{
    return (carci_coc *)(void *)carci_mod_state(g, CARCI_SLOT_COUNT);
}

#endif
