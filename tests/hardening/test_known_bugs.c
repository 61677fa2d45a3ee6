/*
 * Engine bugs found by the hardening checks and reported to the lead, each as
 * a test of the behaviour the API documents. ctest registers this program as
 * hardening.known_bugs with the DISABLED property, so the suite stays green
 * while the bugs are open and `ctest` lists the test as "Not Run (Disabled)".
 * Run it by hand (build/tests/hardening/hardening.known_bugs); when a bug is
 * fixed, its test passes: move it to test_misuse.c or test_chaos.c, and when
 * none is left, delete this file and its ctest entry.
 */
#include "hardening.h"

/*
 * carc_game_copy(dst, src) between games with different allocators: dst
 * keeps a block of src's allocator (the shared rules data) alive after src
 * is freed, and frees it later through src's allocator. carc_allocator says
 * the allocator is used "by one game and everything derived from it"; a
 * caller that tears its allocator (an arena) down once the games created
 * with it are freed gets a use-after-free from dst.
 * Found while writing test_misuse.c (copies across allocators).
 */
static void copy_keeps_other_allocator_alive(void **state)
{
    (void)state;
    hz_alloc al;
    hz_alloc_init(&al);
    carc_allocator a = hz_allocator(&al);
    carc_game_options o;
    carc_game *src = NULL, *dst = NULL;
    assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
    o.allocator = &a;
    assert_int_equal(carc_game_new(&src, &o), CARC_OK);
    o.allocator = NULL;
    assert_int_equal(carc_game_new(&dst, &o), CARC_OK);
    assert_int_equal(carc_game_copy(dst, src, 0), CARC_OK);
    carc_game_free(src);
    size_t left = al.live;
    carc_game_free(dst);
    hz_alloc_fini(&al);
    if (left != 0)
        fail_msg("after freeing the only game created with an allocator, %zu of its blocks are still in use "
                 "(by the copy made with another allocator)", left);
}

/*
 * carc_game_clone / carc_game_copy with CARC_CLONE_NO_HISTORY while a tile
 * choice is open: the copy keeps the chosen tile on top of the pile but not
 * the open choice, so a new choice on the copy does not replace the old one
 * (carc_game_choose_tile: "Replaces an earlier choice made this turn"). After
 * the same calls the original and the copy draw different tiles, and the
 * copy's record (carc_game_save) loads into a game that draws yet other ones.
 * Found by: fuzz/fuzz_api.c (-DFUZZ_API_STRICT=1).
 */
static void clone_no_history_keeps_open_choice(void **state)
{
    (void)state;
    for (int use_copy = 0; use_copy < 2; use_copy++) {
        carc_game_options o;
        carc_game *g = NULL, *c = NULL, *l = NULL;
        carc_movelist *ml = NULL;
        uint32_t a = 0, b = 0, tg = 0, tc = 0, tl = 0;
        assert_int_equal(carc_game_options_init(&o, CARC_GAME_OPTIONS_VERSION), CARC_OK);
        o.seed = 1;
        assert_int_equal(carc_game_new(&g, &o), CARC_OK);
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        assert_int_equal(carc_tile_find(&a, "V"), CARC_OK);
        assert_int_equal(carc_tile_find(&b, "U"), CARC_OK);
        assert_int_equal(carc_game_choose_tile(g, a), CARC_OK);
        if (use_copy) {
            o.players = 4;
            assert_int_equal(carc_game_new(&c, &o), CARC_OK);
            assert_int_equal(carc_game_copy(c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
        } else {
            assert_int_equal(carc_game_clone(&c, g, CARC_CLONE_NO_HISTORY), CARC_OK);
        }
        assert_int_equal(carc_game_choose_tile(g, b), CARC_OK);
        assert_int_equal(carc_game_choose_tile(c, b), CARC_OK);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        carc_move m = carc_movelist_data(ml)[0];
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        assert_int_equal(carc_game_play(c, &m), CARC_OK);
        char *rec = hz_save(c);
        assert_non_null(rec);
        assert_int_equal(carc_game_load(&l, rec, strlen(rec), NULL, NULL), CARC_OK);
        assert_int_equal(carc_game_current_tile(&tg, g), CARC_OK);
        assert_int_equal(carc_game_current_tile(&tc, c), CARC_OK);
        assert_int_equal(carc_game_current_tile(&tl, l), CARC_OK);
        free(rec);
        carc_game_free(l);
        carc_game_free(c);
        carc_game_free(g);
        carc_movelist_free(ml);
        if (tg != tc || tl != tc)
            fail_msg("%s: after the same calls the original draws %s, the copy %s, the copy's record %s",
                     use_copy ? "carc_game_copy" : "carc_game_clone", carc_tile_name(tg), carc_tile_name(tc),
                     carc_tile_name(tl));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(copy_keeps_other_allocator_alive),
        cmocka_unit_test(clone_no_history_keeps_open_choice),
    };
    return cmocka_run_group_tests_name("known_bugs", tests, NULL, NULL);
}
