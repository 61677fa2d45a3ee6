/* SPDX-License-Identifier: MIT */
/*
 * The rules modules: the rule elements, each installed by its own file of
 * this folder, and the whole boxes that stand for several of them; their
 * names (those of carc_module_name and carc_modules_parse, and "all" for
 * every box); what each element needs; and the functions the API hands to
 * the core (carci_module_rules). An element's install function adds its
 * figure rules, figures, state and hooks (carci_hooks in core/hooks.h) to a
 * game's ruleset; the core calls the hooks and never tests a flag itself.
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

#define ABBOT_PARTS (CARC_MODULE_ABBOT_FIGURE | CARC_MODULE_GARDENS)
#define INNS_PARTS (CARC_MODULE_INNS_TILES | CARC_MODULE_BIG_FOLLOWER | CARC_MODULE_INN | CARC_MODULE_CATHEDRAL)
#define TRADERS_PARTS (CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER | CARC_MODULE_PIG)

/* In install order (the big follower copies the follower's rule, farmers
 * included). A tile set alone (inns-tiles, traders-tiles, gardens) has no
 * install: the catalogue's kinds name the element that brings them. */
const carci_module_def carci_module_table[] = {
    { CARC_MODULE_FARMERS, "farmers", CARC_MODULE_FARMERS, 0, NULL, farmers_install, 0 },
    { CARC_MODULE_RIVER, "river", CARC_MODULE_RIVER, 0, NULL, carci_river_install, 0 },
    { CARC_MODULE_ABBOT, "abbot", ABBOT_PARTS, 0, NULL, NULL, 0 },
    { CARC_MODULE_ABBOT_FIGURE, "abbot-figure", CARC_MODULE_ABBOT_FIGURE, 0, NULL, carci_abbot_install, 0 },
    { CARC_MODULE_GARDENS, "gardens", CARC_MODULE_GARDENS, 0, NULL, NULL, 0 },
    { CARC_MODULE_COUNT, "count", CARC_MODULE_COUNT, 0, NULL, carci_count_install, 0 },
    { CARC_MODULE_INNS, "inns", INNS_PARTS, 0, NULL, NULL, 0 },
    { CARC_MODULE_INNS_TILES, "inns-tiles", CARC_MODULE_INNS_TILES, 0, NULL, NULL, 6 }, /* a sixth colour */
    { CARC_MODULE_BIG_FOLLOWER, "big-follower", CARC_MODULE_BIG_FOLLOWER, 0, NULL, carci_big_follower_install, 6 },
    { CARC_MODULE_INN, "inn", CARC_MODULE_INN, CARC_MODULE_INNS_TILES, "only the Inns & Cathedrals tiles show inns",
      carci_inn_install, 0 },
    { CARC_MODULE_CATHEDRAL, "cathedral", CARC_MODULE_CATHEDRAL, CARC_MODULE_INNS_TILES,
      "only the Inns & Cathedrals tiles show cathedrals", carci_cathedral_install, 0 },
    { CARC_MODULE_TRADERS, "traders", TRADERS_PARTS, 0, NULL, NULL, 0 },
    { CARC_MODULE_TRADERS_TILES, "traders-tiles", CARC_MODULE_TRADERS_TILES, 0, NULL, NULL, 0 },
    { CARC_MODULE_GOODS, "goods", CARC_MODULE_GOODS, CARC_MODULE_TRADERS_TILES,
      "only the Traders & Builders tiles show goods", carci_goods_install, 0 },
    { CARC_MODULE_BUILDER, "builder", CARC_MODULE_BUILDER, 0, NULL, carci_builder_install, 0 },
    { CARC_MODULE_PIG, "pig", CARC_MODULE_PIG, CARC_MODULE_FARMERS, "a pig joins a farmer of its owner on a field",
      carci_pig_install, 0 },
};
const uint32_t carci_module_count = sizeof carci_module_table / sizeof carci_module_table[0];

const char *carci_module_name(uint32_t module)
{
    for (uint32_t i = 0; i < carci_module_count; i++)
        if (carci_module_table[i].flag == module)
            return carci_module_table[i].name;
    return NULL;
}

/* Every row's flag: the boxes and the elements. */
static uint32_t every_flag(void)
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < carci_module_count; i++)
        m |= carci_module_table[i].flag;
    return m;
}

/* Whether row i is a whole box (its parts are other rows). */
static bool is_box(uint32_t i)
{
    return carci_module_table[i].parts != carci_module_table[i].flag;
}

/* The elements in `from` whose needs `have` does not meet. */
static uint32_t unmet(uint32_t from, uint32_t have)
{
    uint32_t out = 0;
    for (uint32_t i = 0; i < carci_module_count; i++) {
        const carci_module_def *d = &carci_module_table[i];
        if (!is_box(i) && (from & d->flag) && (d->requires & ~have))
            out |= d->flag;
    }
    return out;
}

uint32_t carci_modules_elements(uint32_t modules)
{
    uint32_t given = modules, boxed = 0;
    for (uint32_t i = 0; i < carci_module_count; i++)
        if (is_box(i) && (modules & carci_module_table[i].flag)) {
            given &= ~carci_module_table[i].flag;
            boxed |= carci_module_table[i].parts;
        }
    /* a box brings those of its elements the others allow (the pig only
     * with farmers); an element named by itself stays, to be refused */
    uint32_t all = given | boxed;
    return all & ~(unmet(boxed & ~given, all));
}

uint32_t carci_modules_boxed(uint32_t elements)
{
    for (uint32_t i = 0; i < carci_module_count; i++) {
        if (!is_box(i))
            continue;
        uint32_t parts = carci_module_table[i].parts, have = elements & parts;
        /* all the elements the box brings with these (so not a pig without
         * farmers, which stays to be refused) */
        if (have && have == (parts & ~unmet(parts, elements)))
            elements = (elements & ~parts) | carci_module_table[i].flag;
    }
    return elements;
}

uint32_t carci_modules_supported(void)
{
    return carci_modules_boxed(carci_modules_elements(every_flag())); /* the whole boxes */
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

uint32_t carci_modules_without(uint32_t modules, uint32_t flag)
{
    uint32_t gone = 0;
    for (uint32_t i = 0; i < carci_module_count; i++)
        if (flag & carci_module_table[i].flag)
            gone |= carci_module_table[i].flag | carci_module_table[i].parts;
    /* a box that loses some of its elements keeps the others */
    for (uint32_t i = 0; i < carci_module_count; i++) {
        const carci_module_def *d = &carci_module_table[i];
        if (is_box(i) && (modules & d->flag) && (d->parts & gone))
            modules = (modules & ~d->flag) | d->parts;
    }
    return modules & ~gone;
}

/* The most players these rule elements allow: 5, or more with an element
 * that adds colours (the Inns & Cathedrals tiles or big follower: 6). */
static uint32_t max_players(uint32_t modules)
{
    uint32_t n = CARCI_BASE_PLAYERS;
    for (uint32_t i = 0; i < carci_module_count; i++)
        if ((modules & carci_module_table[i].flag) && carci_module_table[i].max_players > n)
            n = carci_module_table[i].max_players;
    return n;
}

/* The players, the modules and the rule variants of the options, whose
 * modules are rule elements (the API replaced the boxes). */
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
    uint32_t unknown = o->modules & ~every_flag();
    if (unknown) {
        CARCI_WHY(err, cap, "unknown module flags 0x%X", unknown);
        return CARC_EUNSUPPORTED;
    }
    for (uint32_t i = 0; i < carci_module_count; i++) {
        const carci_module_def *d = &carci_module_table[i];
        uint32_t need = d->requires & ~o->modules;
        if ((o->modules & d->flag) && need) {
            CARCI_WHY(err, cap, "%s needs %s: %s", d->name, carci_module_name(need & (0u - need)), d->why);
            return CARC_EINVAL;
        }
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

/* The base game's figure rules, then each element's of rs->modules (the
 * elements: carci_modules_elements has replaced the boxes). */
static void install(carci_ruleset *rs)
{
    rs->lays_start = true;
    base_install(rs);
    for (uint32_t i = 0; i < carci_module_count; i++)
        if ((rs->modules & carci_module_table[i].flag) && carci_module_table[i].install)
            carci_module_table[i].install(rs);
}

const carci_rules carci_module_rules = { check_modules, start_of, check_start, install };
