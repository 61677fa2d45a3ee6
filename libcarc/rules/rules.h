/* SPDX-License-Identifier: MIT */
/*
 * What the rules modules (the files of rules/) share, and what the API takes from
 * them: the module table, the rule variants, each module's install, the City
 * of Carcassonne's set-up and spring, the goods of a city, and the table of
 * functions the API hands to the core (carci_module_rules). The core
 * includes none of it; it includes the core as the modules see it.
 */
#ifndef CARC_RULES_RULES_H
#define CARC_RULES_RULES_H

#include "core/board.h"
#include "core/enumerate.h"
#include "core/features.h"
#include "core/hooks.h"
#include "core/journal.h"
#include "core/last_error.h"
#include "core/occupancy.h"
#include "core/play.h"
#include "core/ruleset.h"
#include "core/score.h"
#include "core/state.h"
#include "tiles/catalogue.h"
#include "util/mix.h"

extern const carci_rules carci_module_rules;

/* ---- the module table -------------------------------------------------- */
/* One row per rule element, and per whole box (whose parts are other rows). */
typedef struct carci_module_def {
    uint32_t flag;                      /* one CARC_MODULE_* bit */
    const char *name;                   /* carc_module_name's */
    uint32_t parts;                     /* a box: its elements; an element: its flag */
    uint32_t requires;                  /* the elements it needs (0: none) */
    const char *why;                    /* ... and why, for the options' message */
    void (*install)(carci_ruleset *rs); /* NULL: a box, or a tile set alone */
    uint32_t max_players;               /* players it allows, 0: the base game's */
} carci_module_def;
extern const carci_module_def carci_module_table[];
extern const uint32_t carci_module_count;
/* The flag a module name of n bytes names ("river", "pig"; "all": every
 * box), 0 for an unknown name. */
uint32_t carci_module_flags(const char *name, size_t n);
const char *carci_module_name(uint32_t module); /* carc_module_name's; NULL: not one module */
uint32_t carci_modules_supported(void);          /* carc_modules_supported's */
/* carc_modules_elements's: the boxes replaced by the elements they bring. */
uint32_t carci_modules_elements(uint32_t modules);
/* The other way: each box whose elements are all there (or all those it
 * brings with these elements) as its box flag. */
uint32_t carci_modules_boxed(uint32_t elements);
/* Module flags less `flag` and its elements (carc_modules_parse's "-name"):
 * a box that loses some of its elements is replaced by the others. */
uint32_t carci_modules_without(uint32_t modules, uint32_t flag);
/* Rule variants (rules/variants.c): each flag, its name in the API, and the
 * module it needs (0: none). */
typedef struct carci_variant_def {
    uint32_t flag;
    const char *name;
    uint32_t module;
} carci_variant_def;
extern const carci_variant_def carci_variant_table[];
extern const uint32_t carci_variant_count;
#define CARCI_VARIANTS_ALL (CARC_VARIANT_TINY_CITY | CARC_VARIANT_COC_FINAL_MARKET | CARC_VARIANT_COC_ONCE_PER_TURN)
/* Each element's install (one file each; joiners.c serves the builder and the pig). */
void carci_river_install(carci_ruleset *rs);
void carci_abbot_install(carci_ruleset *rs);
void carci_count_install(carci_ruleset *rs);
void carci_big_follower_install(carci_ruleset *rs);
void carci_inn_install(carci_ruleset *rs);
void carci_cathedral_install(carci_ruleset *rs);
void carci_goods_install(carci_ruleset *rs);
void carci_builder_install(carci_ruleset *rs);
void carci_pig_install(carci_ruleset *rs);
/* The builder and the pig (rules/joiners.c): figure `fig`, one a player,
 * goes only on a feature that holds a follower of its owner's (`why`: the
 * refusal, a format with the player's %u) and goes home when it is left
 * alone there. */
void carci_joiner_install(carci_ruleset *rs, uint32_t fig, const char *why);
/* The features (roots) on which a follower of `player` (one that counts: a
 * follower, a big follower) stands; returns how many; `roots` has room for
 * CARCI_MAX_FIGS + 1. */
uint32_t carci_own_roots(const carc_game *g, uint32_t player, uint16_t *roots);
/* The City of Carcassonne (rules/count_city.c): the kind of CO/1 (CO/2..CO/12
 * follow it), and the set-up that lays the block. */
uint32_t carci_count_first_kind(void);
void carci_count_setup(carc_game *g);
/* With the Count and the River: whether the spring may start at (x, y) turned rot. */
carc_status carci_count_check_spring(uint32_t kind, int32_t x, int32_t y, uint32_t rot, char *err, size_t cap);
/* With the Count and the River, where the spring lies when the options name
 * no start (game.h, CARC_DEFAULT_START_TILE): RA at (0,-2) turned 270
 * degrees, north of CO/3, its field side on the field along the City's north
 * wall, its river flowing east, away from the city (one of the nine places
 * carci_count_check_spring accepts). */
#define CARCI_COUNT_SPRING_X 0
#define CARCI_COUNT_SPRING_Y (-2)
#define CARCI_COUNT_SPRING_ROT 3u
/* Goods symbols of a city, per carc_good. */
void carci_feature_goods(const carc_game *g, uint16_t root, uint32_t goods[CARC_GOOD_COUNT]);

#endif
