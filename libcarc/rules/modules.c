/* SPDX-License-Identifier: MIT */
/*
 * The rules modules and their extension points, and their names (those of
 * carc_module_name and carc_modules_parse, and "all" for every module). The
 * base game's figure rules are set here; each module's install function (one
 * file per module in this folder) adds its figure rules, its figures and its
 * hooks (carci_hooks in internal.h) to a game's ruleset. The core calls the
 * hooks; it never tests a module flag itself.
 */
#include "rules/rules.h"

/* The follower on roads, cities and monasteries (docs/rules.md 2.6). */
static void base_install(carci_ruleset *rs)
{
    rs->figure_on[CARC_FIGURE_FOLLOWER] =
        (uint8_t)(1u << CARC_SEG_ROAD | 1u << CARC_SEG_CITY | 1u << CARC_SEG_MONASTERY);
}

/* Farmers: the follower also on fields; fields are joined and scored. */
static void farmers_install(carci_ruleset *rs)
{
    rs->figure_on[CARC_FIGURE_FOLLOWER] |= (uint8_t)(1u << CARC_SEG_FIELD);
    rs->fields = true;
}

const carci_module_def carci_module_table[] = {
    { CARC_MODULE_FARMERS, "farmers", farmers_install, 0 },
    { CARC_MODULE_RIVER, "river", carci_river_install, 0 },
    { CARC_MODULE_ABBOT, "abbot", carci_abbot_install, 0 },
    { CARC_MODULE_COUNT, "count", carci_count_install, 0 },
    { CARC_MODULE_INNS, "inns", carci_inns_install, 6 }, /* a sixth colour */
    { CARC_MODULE_TRADERS, "traders", carci_traders_install, 0 },
};
const uint32_t carci_module_count = sizeof carci_module_table / sizeof carci_module_table[0];

const char *carci_module_name(uint32_t module)
{
    for (uint32_t i = 0; i < carci_module_count; i++)
        if (carci_module_table[i].flag == module)
            return carci_module_table[i].name;
    return NULL;
}

uint32_t carci_modules_supported(void)
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < carci_module_count; i++)
        if (carci_module_table[i].install)
            m |= carci_module_table[i].flag;
    return m;
}

uint32_t carci_module_flags(const char *name, size_t n)
{
    if (n == 3 && memcmp(name, "all", 3) == 0) /* every module this build implements */
        return carci_modules_supported();
    for (uint32_t i = 0; i < carci_module_count; i++)
        if (strlen(carci_module_table[i].name) == n && memcmp(carci_module_table[i].name, name, n) == 0)
            return carci_module_table[i].flag;
    return 0;
}

/* The most players these modules allow: 5, or more with a module that adds
 * colours (Inns & Cathedrals: 6). */
static uint32_t max_players(uint32_t modules)
{
    uint32_t n = CARCI_BASE_PLAYERS;
    for (uint32_t i = 0; i < carci_module_count; i++)
        if ((modules & carci_module_table[i].flag) && carci_module_table[i].max_players > n)
            n = carci_module_table[i].max_players;
    return n;
}

/* The players, the modules and the rule variants of the options. */
static carc_status check_modules(const carc_game_options *o, char *err, size_t cap)
{
    uint32_t max = max_players(o->modules);
    if (o->players < 2 || o->players > max) {
        if (o->players == CARCI_MAX_PLAYERS && max < CARCI_MAX_PLAYERS)
            CARCI_WHY(err, cap, "players %u out of range 2..%u (a 6th player needs Inns & Cathedrals)", o->players,
                      max);
        else
            CARCI_WHY(err, cap, "players %u out of range 2..%u", o->players, max);
        return CARC_ERANGE;
    }
    uint32_t known = 0;
    for (uint32_t i = 0; i < carci_module_count; i++)
        known |= carci_module_table[i].flag;
    uint32_t unknown = o->modules & ~known;
    if (unknown) {
        CARCI_WHY(err, cap, "unknown module flags 0x%X", unknown);
        return CARC_EUNSUPPORTED;
    }
    uint32_t missing = o->modules & ~carci_modules_supported();
    if (missing) {
        CARCI_WHY(err, cap, "module %s is not implemented by this build", carci_module_name(missing & (0u - missing)));
        return CARC_EUNSUPPORTED;
    }
    uint32_t vbad = o->variants & ~(uint32_t)CARCI_VARIANTS_ALL;
    if (vbad) {
        CARCI_WHY(err, cap, "unknown rule variant flags 0x%X", vbad);
        return CARC_EINVAL;
    }
    for (uint32_t i = 0; i < carci_variant_count; i++) {
        const carci_variant_def *v = &carci_variant_table[i];
        if ((o->variants & v->flag) && v->module && !(o->modules & v->module)) {
            CARCI_WHY(err, cap, "rule variant %s needs module %s", v->name, carci_module_name(v->module));
            return CARC_EINVAL;
        }
    }
    return CARC_OK;
}

/* The start the options give, the modules' defaults filled in (game.h,
 * CARC_DEFAULT_START_TILE): the start tile's kind when none is named (base:
 * D; with the River: the spring RA), and with the Count and the River, when
 * neither the tile nor its place is given, the spring's place beside the
 * City of Carcassonne (CARCI_COUNT_SPRING_*). */
static carci_start start_of(const carc_game_options *o)
{
    carci_start s = { o->start_tile, o->start_rotation, o->start_x, o->start_y };
    if (o->start_tile != CARC_DEFAULT_START_TILE)
        return s;
    s.kind = carci_tile_find("D");
    if (o->modules & CARC_MODULE_RIVER)
        s.kind = carci_tile_find("RA");
    const uint32_t both = CARC_MODULE_COUNT | CARC_MODULE_RIVER;
    if ((o->modules & both) == both && !o->start_x && !o->start_y && !o->start_rotation) {
        s.x = CARCI_COUNT_SPRING_X;
        s.y = CARCI_COUNT_SPRING_Y;
        s.rot = CARCI_COUNT_SPRING_ROT;
    }
    return s;
}

/* The modules' rules of the start: the spring starts the River
 * (docs/rules.md 3.2); the City of Carcassonne takes the start tile's
 * place, and with the River too the spring touches the City (8.2), at the
 * place given or at the default one. */
static carc_status check_start(const carc_game_options *o, const carci_start *sp, char *err, size_t cap)
{
    if ((o->modules & CARC_MODULE_RIVER) && strcmp(carci_tiles[sp->kind].name, "RA") != 0) {
        CARCI_WHY(err, cap, "with the River the start tile is the spring RA, not %s", carci_tiles[sp->kind].name);
        return CARC_ERANGE;
    }
    if (o->modules & CARC_MODULE_COUNT) {
        bool given = o->start_tile != CARC_DEFAULT_START_TILE;
        if (!(o->modules & CARC_MODULE_RIVER) && (given || o->start_x || o->start_y || o->start_rotation)) {
            CARCI_WHY(err, cap, "with the Count the City of Carcassonne is the start: no start tile may be given");
            return CARC_ERANGE;
        }
        if (o->modules & CARC_MODULE_RIVER)
            return carci_count_check_spring(sp->kind, sp->x, sp->y, sp->rot, err, cap);
    }
    return CARC_OK;
}

/* The base game's figure rules, then each module's of rs->modules. */
static void install(carci_ruleset *rs)
{
    rs->lays_start = true;
    base_install(rs);
    for (uint32_t i = 0; i < carci_module_count; i++)
        if ((rs->modules & carci_module_table[i].flag) && carci_module_table[i].install)
            carci_module_table[i].install(rs);
}

const carci_rules carci_module_rules = { check_modules, start_of, check_start, install };
