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
typedef struct carci_module_def {
    uint32_t flag;
    const char *name;
    void (*install)(carci_ruleset *rs); /* NULL: not implemented by this build */
    uint32_t max_players;               /* players the module allows, 0: the base game's */
} carci_module_def;
extern const carci_module_def carci_module_table[];
extern const uint32_t carci_module_count;
/* The flags a module name of n bytes names ("river"; "all": every module this
 * build implements), 0 for an unknown name. */
uint32_t carci_module_flags(const char *name, size_t n);
const char *carci_module_name(uint32_t module); /* carc_module_name's; NULL: not one module */
uint32_t carci_modules_supported(void);          /* carc_modules_supported's */
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
void carci_river_install(carci_ruleset *rs);
void carci_abbot_install(carci_ruleset *rs);
void carci_inns_install(carci_ruleset *rs);
void carci_traders_install(carci_ruleset *rs);
void carci_count_install(carci_ruleset *rs);
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
