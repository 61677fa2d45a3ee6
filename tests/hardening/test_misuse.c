/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse: runs every entry of the area tables (misuse_*.c, see
 * misuse.h) as its own cmocka test, each with a fresh fixture, after
 * `coverage`: every symbol of abi/carcassonne.symbols (the first argument)
 * has exactly one entry, and every entry names a listed symbol.
 *
 * To cover a new function, write a `static void m_<name>(fx *f)` in the
 * file of its area and add MISUSE_ENTRY(<name>) to that file's MISUSE_AREA.
 * HARDENING_FILTER=carc_game_play (a glob) runs only the matching entries.
 */
#include "misuse.h"

static const char *symbols_path;

#define AREA_REF(var) &var,
static const misuse_area *const AREAS[] = { MISUSE_AREAS(AREA_REF) };
#undef AREA_REF

/* Every entry of every area, in one list. */
static const misuse_entry **all_entries(size_t *count)
{
    size_t n = 0;
    for (size_t a = 0; a < COUNT_OF(AREAS); a++)
        n += AREAS[a]->count;
    const misuse_entry **all = calloc(n, sizeof *all);
    if (all == NULL)
        abort();
    n = 0;
    for (size_t a = 0; a < COUNT_OF(AREAS); a++)
        for (size_t k = 0; k < AREAS[a]->count; k++)
            all[n++] = &AREAS[a]->entries[k];
    *count = n;
    return all;
}

static const char *area_of(const misuse_entry *e)
{
    for (size_t a = 0; a < COUNT_OF(AREAS); a++)
        if (e >= AREAS[a]->entries && e < AREAS[a]->entries + AREAS[a]->count)
            return AREAS[a]->name;
    return "?";
}

static void run_entry(void **state)
{
    fx *f = *state;
    f->entry->run(f);
    /* the fixture games are still sound: they save and load */
    FOR_DICE(f, i)
        misuse_reloads(f, &misuse_dice_game, f->d[i], HZ_FP_NO_UNDO | HZ_FP_NO_ERROR);
    FOR_GAMES(f, i) {
        char *rec = misuse_save(&misuse_tile_game, f->g[i]);
        carc_game *g = NULL;
        assert_int_equal(carc_game_load(&g, rec, strlen(rec), &f->a, NULL), CARC_OK);
        carc_game_free(g);
        free(rec);
    }
}

/* Every symbol of abi/carcassonne.symbols has one table entry, and every
 * entry names a listed symbol. */
static void coverage(void **state)
{
    (void)state;
    if (symbols_path == NULL)
        fail_msg("usage: hardening.misuse PATH/abi/carcassonne.symbols");
    FILE *fp = fopen(symbols_path, "r");
    if (fp == NULL)
        fail_msg("cannot open %s", symbols_path);
    size_t n = 0, missing = 0, symbols = 0;
    const misuse_entry **all = all_entries(&n);
    size_t *listed = calloc(n, sizeof *listed);
    assert_non_null(listed);
    char line[256];
    while (fgets(line, sizeof line, fp) != NULL) {
        char *s = line, *e;
        while (*s == ' ' || *s == '\t')
            s++;
        e = s + strcspn(s, " \t\r\n#");
        if (*s == '#' || e == s)
            continue;
        *e = '\0';
        symbols++;
        size_t hits = 0;
        for (size_t k = 0; k < n; k++)
            if (strcmp(all[k]->symbol, s) == 0) {
                listed[k]++;
                hits++;
            }
        if (hits == 0) {
            print_error("%s: no misuse test (add m_%s and MISUSE_ENTRY(%s) to the tests/hardening/misuse_*.c "
                        "of its area)\n",
                        s, s + strlen("carc_"), s + strlen("carc_"));
            missing++;
        }
    }
    fclose(fp);
    for (size_t k = 0; k < n; k++)
        if (listed[k] != 1) {
            print_error("%s (%s): %s\n", all[k]->symbol, area_of(all[k]),
                        listed[k] ? "listed twice in the symbols" : "an entry for a symbol that is not exported");
            missing++;
        }
    for (size_t k = 0; k < n; k++)
        for (size_t j = k + 1; j < n; j++)
            if (strcmp(all[k]->symbol, all[j]->symbol) == 0) {
                print_error("%s: two entries (%s, %s)\n", all[k]->symbol, area_of(all[k]), area_of(all[j]));
                missing++;
            }
    free(listed);
    free(all);
    assert_true(symbols > 0);
    if (missing)
        fail_msg("%zu symbol(s) not covered, covered twice, or covered but not exported", missing);
}

int main(int argc, char **argv)
{
    size_t n = 0;
    const misuse_entry **all = all_entries(&n);
    struct CMUnitTest *tests = calloc(n + 1, sizeof *tests);
    if (tests == NULL)
        return 1;
    symbols_path = argc > 1 ? argv[1] : NULL;
    tests[0].name = "coverage";
    tests[0].test_func = coverage;
    for (size_t k = 0; k < n; k++) {
        tests[k + 1].name = all[k]->symbol;
        tests[k + 1].test_func = run_entry;
        tests[k + 1].setup_func = misuse_setup;
        tests[k + 1].teardown_func = misuse_teardown;
        tests[k + 1].initial_state = (void *)(uintptr_t)all[k];
    }
    /* HARDENING_FILTER=carc_game_play (a glob) runs only the matching entries */
    if (getenv("HARDENING_FILTER") != NULL)
        cmocka_set_test_filter(getenv("HARDENING_FILTER"));
    int failed = _cmocka_run_group_tests("misuse", tests, n + 1, NULL, NULL);
    dice_fixture_cleanup();
    free(tests);
    free(all);
    return failed;
}
