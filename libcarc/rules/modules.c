/* SPDX-License-Identifier: MIT */
/*
 * The rules modules and their extension points, and their names (those of
 * carc_module_name and carc_modules_parse, and "all" for every module). The
 * base game's figure rules are set here; each module's install function (one
 * file per module in this folder) adds its figure rules, its figures and its
 * hooks (carci_hooks in internal.h) to a game's ruleset. The core calls the
 * hooks; it never tests a module flag itself.
 */
#include "internal.h"

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

uint32_t carci_max_players(uint32_t modules)
{
    uint32_t n = CARCI_BASE_PLAYERS;
    for (uint32_t i = 0; i < carci_module_count; i++)
        if ((modules & carci_module_table[i].flag) && carci_module_table[i].max_players > n)
            n = carci_module_table[i].max_players;
    return n;
}

carc_status carci_modules_install(carci_ruleset *rs, const carc_game_options *o, char *err, size_t cap)
{
    (void)err;
    (void)cap;
    base_install(rs);
    for (uint32_t i = 0; i < carci_module_count; i++)
        if ((o->modules & carci_module_table[i].flag) && carci_module_table[i].install)
            carci_module_table[i].install(rs);
    return CARC_OK;
}
