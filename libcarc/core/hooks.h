/* SPDX-License-Identifier: MIT */
/*
 * The module interface: the extension points a rules module installs into
 * the ruleset (carci_hooks), and the table of functions through which the
 * core asks the modules for their checks, start and installs when it builds
 * a ruleset (carci_rules). The core names no module: rules/modules.c fills
 * the table and the API hands it down. Never installed.
 */
#ifndef CARCI_CORE_HOOKS_H
#define CARCI_CORE_HOOKS_H

#include <carcassonne/carcassonne.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct carci_ruleset carci_ruleset; /* core/state.h */

/* Extension points: what a module changes in the core, installed into the
 * ruleset by the module's install function (rules/modules.c). A hook left
 * NULL costs the base game one predictable branch. */
struct carci_ruleset;
typedef struct carci_hooks {
    /* tile set: put the shuffled draw pile in the module's order (River:
     * the River tiles on top, the lake under them) */
    void (*deal)(const struct carci_ruleset *rs, uint16_t *bag, uint32_t n);
    /* chance control: whether tile `kind` may be drawn now (River: only
     * River tiles while they last, the lake last) */
    bool (*may_draw)(const carc_game *g, uint32_t kind, char *err, size_t cap);
    /* placement: the extra rule for kinds with `restricted` set (River:
     * extend the river at its open end, no U-turn); `fits` already holds */
    bool (*placement_ok)(const carc_game *g, uint32_t kind, int32_t x, int32_t y, uint32_t rot, char *err,
                         size_t cap);
    /* the cells where a restricted kind may go (River: the open end), or
     * false when it may go nowhere; at most one cell */
    bool (*placement_cell)(const carc_game *g, uint32_t kind, int32_t *x, int32_t *y);
    /* after a tile of a restricted kind is placed (River: the new open end) */
    void (*placed)(carc_game *g, uint32_t kind, int32_t x, int32_t y, uint32_t rot);
    /* after the start tile is laid, before the first move (River: the
     * spring's open end); setup writes, not journaled */
    void (*started)(carc_game *g);
    /* scoring: the value of a road (value[CARC_SEG_ROAD]) or a city
     * (value[CARC_SEG_CITY]) whose segments carry marks of rs->value_marks
     * (`special`: their OR over its segments, masked; inns, cathedrals),
     * completed or at the end; *bonus receives the CARC_BONUS_* that made it */
    int32_t (*value[CARC_SEG_CITY + 1])(uint32_t special, uint32_t tiles, uint32_t pennants, bool complete,
                                        uint32_t *bonus);
    /* figure rule of the kinds in rs->joins_own, instead of the occupancy
     * rule: the segments of `kind` turned `rot` on frontier cell fi (whose
     * placed sides are `placed`) figure `fig` may stand on, bit s for
     * segment s (Traders & Builders: the builder and the pig join a feature
     * of their owner's) */
    unsigned (*figure_mask)(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
                            uint32_t fig);
    /* after the tile of a place move (kind, its first node `base`) joined
     * its neighbours, before its figure and scoring, in the first part of a
     * turn: whether the player takes a second tile (the builder). `segs`:
     * the tile's segments that met a neighbour's road or city (the others
     * are features of their own; ~0u: not known) */
    bool (*extends)(const carc_game *g, uint32_t player, uint16_t base, uint32_t kind, unsigned segs);
    /* after the scoring of the roads and cities the tile (kind, its first
     * node base) of `player`'s move completed during play, whether or not
     * anybody held them: what they give besides points (trade goods);
     * `segs` as for extends (only they can have completed one) */
    void (*completed)(carc_game *g, uint16_t base, uint32_t kind, uint32_t player, uint32_t turn, unsigned segs);
    /* field scoring: of the majority holders `players`, the ones who score
     * *points (with *bonus) instead of the points given in (the pig) */
    uint32_t (*better)(const carc_game *g, uint16_t root, uint32_t players, int32_t *points, uint32_t *bonus);
    /* after a figure of kind `figure` left the board outside scoring (an
     * abbot's recall): the figures that may not stay alone go home (ruling
     * T-7) */
    void (*removed)(carc_game *g, uint32_t figure);
    /* final scoring, after the features (the trade-goods majorities) */
    void (*final)(carc_game *g, uint32_t turn);
    /* set-up instead of laying the start tile (the Count: the City of
     * Carcassonne); with the River the spring is laid after it */
    void (*setup)(carc_game *g);
    /* a module's decisions within a turn part and at the end; each returns
     * whether a decision is now pending (h->step; answered through
     * check_step, apply_step, enum_step), and the core goes on once it is:
     * - before_scoring: after the figure action of place move `turn` (a
     *   history index), before the part's scoring (the Count: moves out of
     *   the city into the features about to score);
     * - after_scoring: after the part's scoring (the Count: a follower into
     *   the city, then the Count's move);
     * - before_final: when the game would end, before final scoring (the
     *   Count: the final round of moves out of the city) */
    bool (*before_scoring)(carc_game *g, uint32_t turn);
    bool (*after_scoring)(carc_game *g);
    bool (*before_final)(carc_game *g);
    /* check a move of the kind the pending step (h->step) takes (the core
     * checks the kind and the pass), and apply an answer to it */
    carc_status (*check_step)(const carc_game *g, const carc_move *m, char *err, size_t cap);
    void (*apply_step)(carc_game *g, const carc_move *m);
    /* every legal answer to the pending step, the pass last */
    carc_status (*enum_step)(carc_movelist *l, const carc_game *g);
    /* a figure action of a module's own in place of putting a figure on the
     * tile (segment CARCI_SEGMENT_ACTION; the Abbot: the recall): check it
     * for the tile of move m, before the tile is placed; append it to l
     * after the legal placement m when it is legal (room reserved); apply
     * it once the tile lies on the board (turn: the move's history index) */
    /* when a player's turn ends, its last part played or the rest declined:
     * what a module keeps for one turn is reset (the Count: the follower
     * into the city, with the variant once a turn) */
    void (*turn_end)(carc_game *g);
    carc_status (*action_check)(const carc_game *g, const carc_move *m, char *err, size_t cap);
    void (*action_enum)(carc_movelist *l, const carc_game *g, const carc_move *m);
    void (*action_apply)(carc_game *g, uint32_t player, uint32_t turn, const carc_move *m);
} carci_hooks;

/* The segment code of a module's own figure action (carci_hooks.action_*):
 * the public CARC_SEGMENT_RECALL. */
#define CARCI_SEGMENT_ACTION CARC_SEGMENT_RECALL

/* ---- what the core asks of the rules modules ---------------------------
 * rules/modules.c defines it (carci_module_rules, rules/rules.h) and the API hands it down,
 * so that the core names no module. */
typedef struct carci_start {
    uint32_t kind, rot;
    int32_t x, y;
} carci_start;
typedef struct carci_rules {
    /* the options' modules, players and variants, before the start's checks */
    carc_status (*check_modules)(const carc_game_options *o, char *err, size_t cap);
    /* the start the options give, the modules' defaults filled in */
    carci_start (*start)(const carc_game_options *o);
    /* the modules' rules of the start (sp: as start() resolved it), after
     * the core's range checks */
    carc_status (*check_start)(const carc_game_options *o, const carci_start *sp, char *err, size_t cap);
    /* the figure rules and hooks of the modules of rs->modules */
    void (*install)(carci_ruleset *rs);
} carci_rules;

#endif
