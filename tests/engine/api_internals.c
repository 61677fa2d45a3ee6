/* SPDX-License-Identifier: MIT */
/*
 * engine.api (api.h), white-box: the catalogue's rotation symmetries and
 * derived kinds (libcarc/core/kinds.c) against their derivation, and the
 * placements by both SIMD code paths.
 */
#include "api.h"

/* Rotation symmetries written in the catalogue agree with the derivation;
 * the base tiles that look alike when turned are exactly B, C, X (4-fold) and
 * U, F, G, H (2-fold). */
static void catalogue_rotations(void **state)
{
    (void)state;
    for (uint32_t k = 0; k < carci_tile_kinds; k++) {
        const carci_tiledef *t = &carci_tiles[k];
        uint8_t derived = carci_derive_unique_rot(t);
        if (t->unique_rot)
            assert_int_equal(t->unique_rot, derived);
        uint8_t expect = 0xF;
        if (strchr("BCX", t->name[0]) && !t->name[1])
            expect = 0x1;
        else if (strchr("UFGH", t->name[0]) && !t->name[1])
            expect = 0x3;
        if (!t->module)
            assert_int_equal(derived, expect);
        /* carci_tile_counts counts in one pass: a kind replaces copies of an
         * earlier kind (tile sets are appended after the base game's) */
        if (t->replaces != CARCI_NONE)
            assert_true(t->replaces < k);
    }
}

/* libcarc/core/kinds.c is what carci_derive_kind gives for the catalogue; when the
 * catalogue changes, this test prints the new kinds.c on stderr. */
static void catalogue_derived(void **state)
{
    (void)state;
    bool same = true;
    for (uint32_t k = 0; k < carci_tile_kinds; k++) {
        carci_kindinfo d;
        carci_derive_kind(&d, &carci_tiles[k]);
        const carci_kindinfo *t = &carci_kinds[k];
        if (d.sig != t->sig || d.unique_rot != t->unique_rot || memcmp(d.side_seg, t->side_seg, 4) ||
            memcmp(d.port_seg, t->port_seg, 8) || d.center != t->center || d.nseg != t->nseg ||
            d.rc_mask != t->rc_mask || d.field_mask != t->field_mask || d.center_mask != t->center_mask ||
            d.city_mask != t->city_mask || d.river != t->river || memcmp(d.seg_open, t->seg_open, sizeof d.seg_open))
            same = false;
    }
    if (!same) {
        fprintf(stderr, "libcarc/core/kinds.c is out of date; its new text follows:\n");
        carci_print_kinds(stderr);
    }
    assert_true(same);
}

/* The placements of the tile to place, enumerated twice with each pair of
 * the library's code paths (AVX2 and SSE2 where the processor has AVX2;
 * rs->avx2 is flipped on the game's ruleset, white-box), are the same moves
 * in the same order, with and without look-alike rotations, every module
 * set, every turn of random games: the machine the suite runs on takes only
 * one path otherwise. */
static void placements_simd_paths(void **state)
{
    (void)state;
#if CARCI_AVX2_DISPATCH
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi")) {
        skip();
        return;
    }
    carc_movelist *a = NULL, *b = NULL;
    uint64_t rng = 77;
    uint64_t compared = 0;
    for (uint32_t set = 0; set < TU_ALL_MODULE_SETS; set++) {
        uint32_t modules = tu_all_modules(set);
        for (uint64_t seed = 0; seed < 3; seed++) {
            carc_game_options o = tu_options(2 + (uint32_t)(seed % 3), 900 + seed, modules);
            carc_game *g = NULL;
            assert_int_equal(carc_game_new(&g, &o), CARC_OK);
            if (!a) {
                assert_int_equal(carc_movelist_new(&a, g), CARC_OK);
                assert_int_equal(carc_movelist_new(&b, g), CARC_OK);
            }
            carci_ruleset *rs = (carci_ruleset *)(uintptr_t)g->rs;
            bool had = rs->avx2;
            for (;;) {
                carc_pending pd = { sizeof pd, 0, 0, 0, 0, 0 };
                assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
                if (pd.decision == CARC_DECISION_NONE)
                    break;
                if (pd.decision == CARC_DECISION_PLACE)
                    for (uint32_t flags = 0; flags <= CARC_ENUM_UNIQUE_ROTATIONS; flags++) {
                        rs->avx2 = true;
                        assert_int_equal(carc_game_placements(a, g, pd.tile, flags), CARC_OK);
                        rs->avx2 = false;
                        assert_int_equal(carc_game_placements(b, g, pd.tile, flags), CARC_OK);
                        rs->avx2 = had;
                        assert_int_equal(carc_movelist_count(a), carc_movelist_count(b));
                        if (carc_movelist_count(a))
                            assert_memory_equal(carc_movelist_data(a), carc_movelist_data(b),
                                                carc_movelist_count(a) * sizeof(carc_move));
                        compared += carc_movelist_count(a);
                    }
                assert_int_equal(carc_game_legal_moves(a, g, 0), CARC_OK);
                assert_true(carc_movelist_count(a) > 0);
                rng = rng * 6364136223846793005u + 1442695040888963407u;
                assert_int_equal(carc_game_play(g, &carc_movelist_data(a)[(rng >> 33) % carc_movelist_count(a)]),
                                 CARC_OK);
            }
            carc_game_free(g);
        }
    }
    assert_true(compared > 100000);
    carc_movelist_free(a);
    carc_movelist_free(b);
#else
    skip();
#endif
}

API_AREA(api_area_internals, API_TEST(catalogue_rotations), API_TEST(catalogue_derived),
         API_TEST(placements_simd_paths));
