/*
 * The rules modules of the example programs and tools: `--modules LIST` as
 * carc_modules_parse reads it, plus the name `all`, and the set-up a module
 * set needs before carc_game_new. Public API only; header-only (static
 * functions), so that carc-demo, carc-bot-match, legal_moves, tools/ and
 * bench/ share one definition without a library of their own.
 *
 * The names here use the prefix `example_`, not `carc_`, which belongs to the
 * library.
 */
#ifndef CARC_EXAMPLES_MODULES_H
#define CARC_EXAMPLES_MODULES_H

#include <carcassonne/carcassonne.h>

#include <string.h>

/*
 * Parse a module list: names separated by spaces or commas, as for
 * carc_modules_parse, where `all` stands for every module this build
 * implements (carc_modules_supported(); 0.2: farmers river abbot count inns
 * traders). Names after it still apply: "all,-farmers" is everything but the
 * farmers. Returns CARC_OK, CARC_EINVAL (NULL) or CARC_EPARSE (an unknown
 * name, or a list too long).
 */
static inline carc_status example_modules_parse(uint32_t *out, const char *text)
{
    char buf[512];
    size_t len = 0;
    const char *p = text;

    if (out == NULL || text == NULL)
        return CARC_EINVAL;
    for (;;) {
        size_t n = 0;
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (*p == '\0')
            break;
        while (p[n] != '\0' && p[n] != ' ' && p[n] != ',' && p[n] != '\t')
            n++;
        if (n == 3 && memcmp(p, "all", 3) == 0) {
            uint32_t supported = carc_modules_supported();
            for (uint32_t bit = 1; bit != 0; bit <<= 1) {
                const char *name = carc_module_name(bit);
                size_t k = name != NULL ? strlen(name) : 0;
                if (!(supported & bit) || name == NULL)
                    continue;
                if (len + k + 2 > sizeof buf)
                    return CARC_EPARSE;
                memcpy(buf + len, name, k);
                len += k;
                buf[len++] = ' ';
            }
        } else {
            if (len + n + 2 > sizeof buf)
                return CARC_EPARSE;
            memcpy(buf + len, p, n);
            len += n;
            buf[len++] = ' ';
        }
        p += n;
    }
    buf[len] = '\0';
    return carc_modules_parse(out, buf);
}

/* Where the spring lies when the Count and the River play together: the
 * rules want the spring RA on a field edge of the City of Carcassonne with
 * its river pointing away (expansions.md 1.7), and the game options must say
 * where. RA at (0,-2) turned 270 degrees lies north of CO/3, its field side
 * on the field along the city's north wall, its river flowing east, away
 * from the city (one of the nine places the engine accepts; the one of the
 * shared scenario all-modules-random-5p.scn). */
#define EXAMPLE_COUNT_SPRING_X 0
#define EXAMPLE_COUNT_SPRING_Y (-2)
#define EXAMPLE_COUNT_SPRING_ROTATION 3

/*
 * Complete `opts` for its modules: with the Count and the River and no start
 * tile given, the spring at the place above. Nothing for other module sets.
 */
static inline void example_modules_setup(carc_game_options *opts)
{
    uint32_t spring = 0;
    const uint32_t both = CARC_MODULE_COUNT | CARC_MODULE_RIVER;

    if ((opts->modules & both) != both || opts->start_tile != CARC_DEFAULT_START_TILE)
        return;
    if (carc_tile_find(&spring, "RA") != CARC_OK)
        return; /* the options check will say what is missing */
    opts->start_tile = spring;
    opts->start_x = EXAMPLE_COUNT_SPRING_X;
    opts->start_y = EXAMPLE_COUNT_SPRING_Y;
    opts->start_rotation = EXAMPLE_COUNT_SPRING_ROTATION;
}

#endif
