/* SPDX-License-Identifier: MIT */
/*
 * test_record: game records (carc_game_save / carc_game_load), black-box.
 *
 *  - seeded random games (2-5 players, random tile choices, forced discards,
 *    early ends): at random points and at the end, save -> load -> save gives
 *    identical bytes, and the loaded game goes on exactly like the original;
 *  - every kind of bad record gives the right status and line number, and
 *    leaves no memory behind (a counting allocator checks every load);
 *  - allocation failure at every step of a load;
 *  - the committed records in data/ (format 1: 0.1's base games, and River
 *    and Abbot games) still load and save unchanged, and so do the valid
 *    seeds of the record fuzzer (fuzz/corpus/record/);
 *  - the move notation: every kind of move (place with each figure, the
 *    abbot's recall, pass, the Count's exit/quarter/count) formats and parses
 *    back to the same bytes;
 *  - games of the modules: seeded random games for every combination of
 *    farmers x river x abbot x inns x traders x count, 2-5 players (and 6 for every
 *    combination with inns), round trip mid-game and at the end and go on
 *    identically (figures of every kind, goods tokens, events, the pending
 *    decision); with Traders & Builders they place builders and pigs, take
 *    double turns and decline second tiles (a pass in the history); bad
 *    River/Abbot lines fail on their line; a committed 6-player Inns &
 *    Cathedrals record (data/inns-6p.rec) loads and saves unchanged, and 6
 *    players without inns are refused; a Traders & Builders record with
 *    builders, a pig, goods, a double turn and a declined second tile
 *    (data/traders-3p.rec) loads, saves unchanged and says what it did; so
 *    does a Count record with followers into and out of the city
 *    (data/count-3p.rec).
 *
 * CARC_RECORD_GAMES (environment) overrides the number of random games.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "record_util.h"

/* ---------------------------------------------------------------- helpers */

/* A known finished 2-player game (farmers on) and a fresh short one. */
static char *finished_record(uint64_t seed, uint32_t players)
{
    carc_game *g = play_random_game(seed, players, UINT32_MAX, false);
    char *rec = save_string(g);
    carc_game_free(g);
    return rec;
}

static carc_status load_checked(const char *data, size_t len, carc_load_error *err, carc_game **out)
{
    counting_alloc ca;
    carc_allocator a = counting_allocator(&ca);
    carc_game *g = NULL;
    carc_status st;
    memset(err, 0, sizeof *err);
    err->struct_size = sizeof *err;
    st = carc_game_load(&g, data, len, &a, err);
    if (st != CARC_OK) {
        assert_null(g);
        assert_int_equal(err->status, st);
        assert_int_equal(ca.live_blocks, 0); /* nothing leaked */
        assert_int_equal(ca.live_bytes, 0);
    } else {
        assert_non_null(g);
        assert_int_equal(err->line, 0);
        carc_game_free(g);
        assert_int_equal(ca.live_blocks, 0);
    }
    if (out != NULL)
        *out = NULL;
    return st;
}

/* Load `text` and expect `status` at `line`, with "line N:" and `needle` in the message. */
static void expect_bad(const char *text, size_t len, carc_status status, uint32_t line, const char *needle)
{
    carc_load_error err;
    char prefix[32];
    carc_status st = load_checked(text, len, &err, NULL);
    if (st != status || err.line != line || (needle != NULL && strstr(err.message, needle) == NULL)) {
        print_error("record:\n%.*s\n-> %s line %u: %s\n", (int)(len > 600 ? 600 : len), text, carc_status_name(st),
                    (unsigned)err.line, err.message);
    }
    assert_int_equal(st, status);
    assert_int_equal(err.line, line);
    snprintf(prefix, sizeof prefix, "line %u: ", (unsigned)line);
    assert_non_null(strstr(err.message, prefix));
    if (needle != NULL)
        assert_non_null(strstr(err.message, needle));
}

static void expect_bad_str(const char *text, carc_status status, uint32_t line, const char *needle)
{
    expect_bad(text, strlen(text), status, line, needle);
}

/* `text` loads, and saves back to the same bytes when it is in the one spelling. */
static void expect_ok_str(const char *text)
{
    carc_load_error err;
    carc_status st = load_checked(text, strlen(text), &err, NULL);
    if (st != CARC_OK)
        print_error("record:\n%s\n-> %s line %u: %s\n", text, carc_status_name(st), (unsigned)err.line, err.message);
    assert_int_equal(st, CARC_OK);
}

#define HEADER "carcassonne-record 1\nplayers 2\nseed 5\nmodules farmers\nstart D 0 0 0\n"

/* ---------------------------------------------------------------- round trips */

/* Under AddressSanitizer (where a game costs ten times as much) the random
 * round trips play 600 games; the ordinary build plays all 3,000. The games
 * of the modules keep their number: their coverage checks need it. */
#if defined(__SANITIZE_ADDRESS__)
#define RANDOM_GAMES 600
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RANDOM_GAMES 600
#endif
#endif
#ifndef RANDOM_GAMES
#define RANDOM_GAMES 3000
#endif

static void test_round_trip_random_games(void **state)
{
    uint32_t games = env_games(RANDOM_GAMES), n, discards = 0, ends = 0, checks = 0;
    (void)state;
    for (n = 0; n < games; n++) {
        uint64_t seed = 1000 + n;
        rng r = rng_seeded(seed);
        uint32_t players = 2 + n % 4, stop1 = (uint32_t)(rng_next(&r) % 80), stop2 = (uint32_t)(rng_next(&r) % 80);
        carc_game_options opts;
        carc_game *g;
        carc_movelist *ml;
        uint32_t step = 0, h, hc;
        bool over = false;

        carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
        opts.players = players;
        opts.seed = seed;
        if (n % 7 == 3)
            opts.modules = 0;
        assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        while (!over) {
            if (step == stop1 || step == stop2) {
                check_round_trip(g);
                checks++;
                if (step == stop1 && n % 5 == 0)
                    check_continues_identically(g, &r);
            }
            random_turn(g, ml, &r, true);
            assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
            step++;
        }
        check_round_trip(g);
        checks++;
        assert_int_equal(carc_game_history_count(&hc, g), CARC_OK);
        for (h = 0; h < hc; h++) {
            carc_history_entry e;
            memset(&e, 0, sizeof e);
            e.struct_size = sizeof e;
            assert_int_equal(carc_game_history(&e, g, h), CARC_OK);
            discards += e.kind == CARC_HISTORY_DISCARD;
            ends += e.kind == CARC_HISTORY_END;
        }
        carc_movelist_free(ml);
        carc_game_free(g);
    }
    print_message("%u games: %u discards, %u early ends, %u round trips\n", (unsigned)games, (unsigned)discards, (unsigned)ends, (unsigned)checks);
    /* the loop must have covered discards and early ends, not only plain moves */
    if (games >= 200) {
        assert_true(discards > 0);
        assert_true(ends > 0);
    }
}

static void test_round_trip_fresh_game(void **state)
{
    carc_game_options opts;
    carc_game *g;
    (void)state;
    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = 5;
    opts.seed = UINT64_MAX;
    opts.start_x = -3;
    opts.start_y = 7;
    opts.start_rotation = 3;
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
    check_round_trip(g);
    {
        char *rec = save_string(g);
        assert_non_null(strstr(rec, "players 5\nseed 18446744073709551615\nmodules farmers\nstart D -3 7 270\n"));
        assert_non_null(strstr(rec, "entries 0\n"));
        free(rec);
    }
    carc_game_free(g);
}

/* A tile chosen but not played is not part of the record. */
static void test_pending_choice_not_saved(void **state)
{
    carc_game *g = play_random_game(77, 3, 10, false);
    char *before = save_string(g), *after;
    uint32_t current, k, kinds = carc_tile_kind_count(), rem;
    (void)state;
    assert_int_equal(carc_game_current_tile(&current, g), CARC_OK);
    for (k = 0; k < kinds; k++)
        if (k != current && carc_game_remaining_of(&rem, g, k) == CARC_OK && rem > 0 &&
            carc_game_choose_tile(g, k) == CARC_OK)
            break;
    after = save_string(g);
    assert_string_equal(before, after);
    free(before);
    free(after);
    carc_game_free(g);
}

static void test_crlf_tolerated(void **state)
{
    char *rec = finished_record(11, 2), *crlf, *back;
    size_t i, n = 0, len = strlen(rec);
    carc_load_error err;
    carc_game *g = NULL;
    (void)state;
    crlf = malloc(2 * len + 1);
    assert_non_null(crlf);
    for (i = 0; i < len; i++) {
        if (rec[i] == '\n')
            crlf[n++] = '\r';
        crlf[n++] = rec[i];
    }
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    assert_int_equal(carc_game_load(&g, crlf, n, NULL, &err), CARC_OK);
    back = save_string(g);
    assert_string_equal(back, rec); /* written back with plain line ends */
    free(back);
    carc_game_free(g);
    /* a CR anywhere else is an invalid character */
    crlf[5] = '\r';
    expect_bad(crlf, n, CARC_EFORMAT, 1, NULL);
    free(crlf);
    expect_bad_str(HEADER "entries 0\r\r\n", CARC_EPARSE, 6, "invalid character");
    free(rec);
}

static void test_committed_records(void **state)
{
    static const char *const files[] = { "finished-2p.rec", "early-end-4p.rec", "discard-3p.rec",
                                         "no-farmers-5p.rec", "river-abbot-3p.rec", "river-4p-nofarm.rec",
                                         "abbot-2p-early-end.rec" };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        size_t len = 0;
        char *data, *again;
        carc_load_error err;
        carc_game *g = NULL;
        snprintf(path, sizeof path, "%s/%s", RECORD_DATA_DIR, files[i]);
        data = read_file(path, &len);
        assert_non_null(data);
        memset(&err, 0, sizeof err);
        err.struct_size = sizeof err;
        if (carc_game_load(&g, data, len, NULL, &err) != CARC_OK)
            print_error("%s:%u: %s\n", path, (unsigned)err.line, err.message);
        assert_non_null(g);
        again = save_string(g);
        assert_int_equal(strlen(again), len);
        assert_memory_equal(again, data, len);
        free(again);
        free(data);
        carc_game_free(g);
    }
}

/* ---------------------------------------------------------------- bad records */

static void test_truncated_everywhere(void **state)
{
    char *rec = finished_record(21, 3);
    size_t len = strlen(rec), cut;
    uint32_t line = 1;
    (void)state;
    /* every cut short of the whole record fails at the line where it was cut */
    for (cut = 0; cut < len; cut++) {
        carc_load_error err;
        carc_status st = load_checked(rec, cut, &err, NULL);
        assert_int_equal(err.line, line);
        if (cut < sizeof "carcassonne-record") {
            assert_int_equal(st, CARC_EFORMAT); /* not even the magic */
        } else {
            assert_int_equal(st, CARC_EPARSE);
            assert_non_null(strstr(err.message, "truncated"));
        }
        if (rec[cut] == '\n')
            line++;
    }
    free(rec);
}

static void test_bad_magic_and_version(void **state)
{
    (void)state;
    expect_bad("", 0, CARC_EFORMAT, 1, "not a carcassonne record");
    expect_bad_str("carcassone-record 1\nplayers 2\n", CARC_EFORMAT, 1, "not a carcassonne record");
    expect_bad_str("CARCASSONNE-RECORD 1\n", CARC_EFORMAT, 1, NULL);
    expect_bad_str("\xef\xbb\xbf" "carcassonne-record 1\n", CARC_EFORMAT, 1, NULL);
    expect_bad_str("carcassonne-record 2\nplayers 2\n", CARC_EFORMAT, 1, "format 2 is not supported");
    expect_bad_str("carcassonne-record 0\n", CARC_EFORMAT, 1, "not supported");
    expect_bad_str("carcassonne-record 01\n", CARC_EFORMAT, 1, "bad format version");
    expect_bad_str("carcassonne-record x\n", CARC_EFORMAT, 1, "bad format version");
    expect_bad_str("carcassonne-record 99999999999999999999\n", CARC_EFORMAT, 1, "bad format version");
    expect_bad_str("carcassonne-record 1 1\n", CARC_EFORMAT, 1, "bad format version");
}

static void test_bad_header(void **state)
{
    (void)state;
    expect_bad_str("carcassonne-record 1\nseed 5\n", CARC_EPARSE, 2, "expected 'players'");
    expect_bad_str("carcassonne-record 1\nplayers 1\n", CARC_EPARSE, 2, "players");
    expect_bad_str("carcassonne-record 1\nplayers 7\n", CARC_EPARSE, 2, "players");
    expect_bad_str("carcassonne-record 1\nplayers 02\n", CARC_EPARSE, 2, "players");
    expect_bad_str("carcassonne-record 1\nplayers +2\n", CARC_EPARSE, 2, "players");
    expect_bad_str("carcassonne-record 1\nplayers\n", CARC_EPARSE, 2, "players");
    expect_bad_str("carcassonne-record 1\nplayers 2 3\n", CARC_EPARSE, 2, "players");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 18446744073709551616\n", CARC_EPARSE, 3, "seed");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed -1\n", CARC_EPARSE, 3, "seed");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 0x10\n", CARC_EPARSE, 3, "seed");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules dragons\n", CARC_EPARSE, 4,
                   "unknown module 'dragons'");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers farmers\n", CARC_EPARSE, 4, "twice");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules\n", CARC_EPARSE, 4, NULL);
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules - farmers\n", CARC_EPARSE, 4, NULL);
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart Z 0 0 0\n", CARC_EPARSE, 5,
                   "unknown tile 'Z'");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart D 0 0 45\n", CARC_EPARSE, 5,
                   "rotation");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart D 0 0 360\n", CARC_EPARSE, 5,
                   "rotation");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart D 0 -0 0\n", CARC_EPARSE, 5,
                   "coordinates");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart D 0 2147483648 0\n",
                   CARC_EPARSE, 5, "coordinates");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart D 0 0\n", CARC_EPARSE, 5,
                   "start");
    /* a module this build does not implement: the status of carc_game_new, on the modules line */
    {
        uint32_t supported = carc_modules_supported(), flag;
        char rec[256];
        int tested = 0;
        for (flag = 1; flag != 0 && flag <= CARC_MODULE_TRADERS; flag <<= 1) {
            const char *name = carc_module_name(flag);
            if (name == NULL || (supported & flag) != 0)
                continue;
            snprintf(rec, sizeof rec,
                     "carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers %s\nstart D 0 0 0\nentries 0\n", name);
            expect_bad_str(rec, CARC_EUNSUPPORTED, 4, "not implemented");
            tested++;
        }
        if (tested == 0)
            print_message("every module is implemented: no unsupported module to test\n");
    }
    /* the modules this build implements all load */
    expect_ok_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers river abbot\nstart RA 0 0 0\nentries 0\n");
    expect_ok_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules abbot river\nstart RA 0 0 0\nentries 0\n");
    expect_ok_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules abbot\nstart D 0 0 0\nentries 0\n");
    /* options the engine rejects: on the start line, with its reason */
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers river\nstart D 0 0 0\nentries 0\n",
                   CARC_ERECORD, 5, "spring RA");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart RA 0 0 0\nentries 0\n",
                   CARC_ERECORD, 5, "not in the tile set");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart E.g 0 0 0\nentries 0\n",
                   CARC_ERECORD, 5, "not in the tile set");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers\nstart D 16001 0 0\nentries 0\n",
                   CARC_ERECORD, 5, "out of range");
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers abbot abbot\n", CARC_EPARSE, 4, "twice");
}

static void test_bad_lines(void **state)
{
    char line[700];
    (void)state;
    expect_bad_str(HEADER "pass!\nentries 1\n", CARC_EPARSE, 6, "unknown keyword 'pass!'");
    expect_bad_str(HEADER "move E 0 -1 180 -\nentries 1\n", CARC_EPARSE, 6, "unknown keyword 'move'");
    /* the keywords of the moves that are not place moves: well-formed or not */
    expect_bad_str(HEADER "pass x\nentries 1\n", CARC_EPARSE, 6, "bad move 'pass x'");
    expect_bad_str(HEADER "count\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER "count palace\nentries 1\n", CARC_EPARSE, 6, "bad move 'count palace': ");
    expect_bad_str(HEADER "quarter castle market\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER "exit castle 0 1\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER "exit castle 0 1 road:N\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER "exit castle 0 01 seg:1\nentries 1\n", CARC_EPARSE, 6, "coordinates");
    expect_bad_str(HEADER "exit castle 0 1 seg:01\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER "place pass\nentries 1\n", CARC_EPARSE, 6, "'place' takes");
    expect_bad_str(HEADER "place E 0 -1 180 pass\nentries 1\n", CARC_EPARSE, 6, "bad move");
    /* the notation's own reason (carc_move_parse_msg) */
    expect_bad_str(HEADER "place E 0 -1 180 road:Q\nentries 1\n", CARC_EPARSE, 6, "Q is not a side (N, E, S, W)");
    expect_bad_str(HEADER "\nentries 0\n", CARC_EPARSE, 6, "empty line");
    expect_bad_str(HEADER " entries 0\n", CARC_EPARSE, 6, "extra space");
    expect_bad_str(HEADER "entries 0 \n", CARC_EPARSE, 6, "extra space");
    expect_bad_str(HEADER "entries  0\n", CARC_EPARSE, 6, "extra space");
    expect_bad_str(HEADER "entries\t0\n", CARC_EPARSE, 6, "invalid character");
    expect_bad_str(HEADER "entries 0\n# comment\n", CARC_EPARSE, 7, "after the 'entries' line");
    expect_bad_str(HEADER "entries 0\nentries 0\n", CARC_EPARSE, 7, "after the 'entries' line");
    expect_bad_str(HEADER "entries 1\n", CARC_EPARSE, 6, "'entries 1' but the record has 0 entries");
    expect_bad_str(HEADER "entries 0 0\n", CARC_EPARSE, 6, "entries");
    expect_bad_str(HEADER "entries x\n", CARC_EPARSE, 6, "entries");
    expect_bad_str(HEADER "end x\nentries 1\n", CARC_EPARSE, 6, "'end' takes no arguments");
    expect_bad_str(HEADER "discard\nentries 1\n", CARC_EPARSE, 6, "'discard' takes one tile");
    expect_bad_str(HEADER "discard ZZ\nentries 1\n", CARC_EPARSE, 6, "unknown tile 'ZZ'");
    expect_bad_str(HEADER "place Z 0 1 0 -\nentries 1\n", CARC_EPARSE, 6, "unknown tile 'Z'");
    expect_bad_str(HEADER "place E 0 x 180 -\nentries 1\n", CARC_EPARSE, 6, "coordinates");
    expect_bad_str(HEADER "place E 0 01 180 -\nentries 1\n", CARC_EPARSE, 6, "coordinates");
    expect_bad_str(HEADER "place E 0 1 100 -\nentries 1\n", CARC_EPARSE, 6, "rotation");
    expect_bad_str(HEADER "place E 0 1 180\nplace E 0 -1 180 - x\nentries 2\n", CARC_EPARSE, 7, "'place' takes");
    expect_bad_str(HEADER "place E 0 1\nentries 1\n", CARC_EPARSE, 6, "'place' takes");
    expect_bad_str(HEADER "place E 0 -1 180 road:N\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER "place E 0 -1 180 a b c d e f g h i j k l m n o p\nentries 1\n", CARC_EPARSE, 6, "too many words");
    expect_bad_str(HEADER "players 2\n", CARC_EPARSE, 6, "unknown keyword 'players'");
    /* an overlong line, reported on its own line */
    snprintf(line, sizeof line, HEADER "place E 0 -1 180 %0*d\nentries 1\n", 300, 0);
    expect_bad_str(line, CARC_EPARSE, 6, "longer than 256");
    /* 256 characters are fine (here: a bad move, not a long line) */
    snprintf(line, sizeof line, HEADER "place E 0 -1 180 %0*d\nentries 1\n", 256 - 17, 0);
    assert_non_null(strstr(line, "\nentries"));
    assert_int_equal(strstr(line, "\nentries") - (line + strlen(HEADER)), 256);
    expect_bad_str(line, CARC_EPARSE, 6, "bad move");
}

static void test_nul_and_binary(void **state)
{
    static const char rec[] = HEADER "entr\0ies 0\n";
    static const char hi[] = HEADER "entries 0\x80\n";
    (void)state;
    expect_bad(rec, sizeof rec - 1, CARC_EPARSE, 6, "NUL byte");
    expect_bad(hi, sizeof hi - 1, CARC_EPARSE, 6, "invalid character (byte 0x80)");
    expect_bad("carcassonne-record 1\0\n", sizeof "carcassonne-record 1\0\n" - 1, CARC_EPARSE, 1, "NUL byte");
}

static void test_bad_actions(void **state)
{
    (void)state;
    /* well-formed moves that are not place moves: no decision takes them in
     * these games (no optional decision, no Count); the engine says why */
    expect_bad_str(HEADER "pass\nentries 1\n", CARC_ERECORD, 6, "illegal move 'pass': a pass move does not answer");
    expect_bad_str(HEADER "place E 0 -1 180 -\npass\nentries 2\n", CARC_ERECORD, 7, "illegal move 'pass'");
    expect_bad_str(HEADER "quarter castle\nentries 1\n", CARC_ERECORD, 6, "illegal move 'quarter castle'");
    expect_bad_str(HEADER "quarter big/market\nentries 1\n", CARC_ERECORD, 6, "illegal move");
    expect_bad_str(HEADER "count cathedral\nentries 1\n", CARC_ERECORD, 6, "illegal move 'count cathedral'");
    expect_bad_str(HEADER "exit blacksmith 0 0 seg:1\nentries 1\n", CARC_ERECORD, 6, "illegal move");
    expect_bad_str(HEADER "end\npass\nentries 2\n", CARC_ERECORD, 7, "over");
}

static void test_bad_replay(void **state)
{
    char *rec, *bad;
    size_t len;
    (void)state;
    /* illegal moves carry the engine's reason */
    expect_bad_str(HEADER "place E 5 5 0 -\nentries 1\n", CARC_ERECORD, 6, "illegal move 'E 5 5 0 -'");
    /* C has one copy: the second is not in the bag */
    expect_bad_str(HEADER "place C 0 -1 0 -\nplace C 0 -2 0 -\nentries 2\n", CARC_ERECORD, 7,
                   "tile C is not among the tiles left to draw");
    /* a discard of a tile that can be placed */
    expect_bad_str(HEADER "discard E\nentries 1\n", CARC_ERECORD, 6, "tile E could be placed");
    /* play after the end */
    expect_bad_str(HEADER "end\nplace E 0 -1 180 -\nentries 2\n", CARC_ERECORD, 7, "over");
    expect_bad_str(HEADER "end\nend\nentries 2\n", CARC_ERECORD, 7, "over");
    expect_bad_str(HEADER "end\ndiscard E\nentries 2\n", CARC_ERECORD, 7, "over");

    /* one more move at the end of a finished game */
    rec = finished_record(31, 2);
    len = strlen(rec);
    bad = malloc(len + 64);
    assert_non_null(bad);
    {
        char *tail = strstr(rec, "entries ");
        uint32_t entries = (uint32_t)strtoul(tail + 8, NULL, 10), lines = 0;
        size_t i;
        for (i = 0; rec + i < tail; i++)
            lines += rec[i] == '\n';
        sprintf(bad, "%.*splace E 0 -1 180 -\nentries %u\n", (int)(tail - rec), rec, (unsigned)entries + 1);
        expect_bad_str(bad, CARC_ERECORD, lines + 1, "over");
        /* a wrong count of entries */
        sprintf(bad, "%.*sentries %u\n", (int)(tail - rec), rec, (unsigned)entries + 5);
        expect_bad_str(bad, CARC_EPARSE, lines + 1, "entries");
    }
    free(bad);
    free(rec);
}

/*
 * A record of natural draws in which the engine discarded a tile by itself.
 * Every draw is in the record, so a wrong discard line is caught.
 */
static void test_discard_lines(void **state)
{
    char *rec, *bad, *p, *line_start, *eol;
    uint32_t line = 1, discard_line = 0, lines = 0;
    (void)state;
    rec = find_record_with_automatic_discard();
    assert_non_null(rec);
    for (p = rec, line_start = rec; *p; p++) {
        if (p == line_start && discard_line == 0 && strncmp(p, "discard ", 8) == 0)
            discard_line = line;
        if (*p == '\n') {
            line++;
            if (discard_line == 0)
                line_start = p + 1;
        }
    }
    lines = line - 1;
    assert_true(discard_line > 0);
    bad = malloc(strlen(rec) + 32);
    assert_non_null(bad);
    eol = strchr(line_start, '\n');
    /* a tile that can be placed cannot be discarded */
    {
        const char *other = strncmp(line_start, "discard U\n", 10) == 0 ? "V" : "U";
        char msg[32];
        sprintf(bad, "%.*sdiscard %s\n%s", (int)(line_start - rec), rec, other, eol + 1);
        sprintf(msg, "tile %s could be placed", other);
        expect_bad_str(bad, CARC_ERECORD, discard_line, msg);
    }
    /* the discard line left out: the count of entries says so */
    sprintf(bad, "%.*s%s", (int)(line_start - rec), rec, eol + 1);
    expect_bad_str(bad, CARC_EPARSE, lines - 1, "entries");
    free(bad);
    free(rec);
}

/* ---------------------------------------------------------------- API misuse, allocation */

static void test_api_misuse(void **state)
{
    char *rec = finished_record(41, 2);
    size_t len = strlen(rec), need = 0;
    carc_load_error err;
    carc_game *g = (carc_game *)&err; /* must be overwritten with NULL */
    carc_allocator half = { NULL, NULL, NULL, NULL };
    char small[16];
    (void)state;

    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    assert_int_equal(carc_game_load(NULL, rec, len, NULL, &err), CARC_EINVAL);
    assert_int_equal(carc_game_load(&g, NULL, 5, NULL, &err), CARC_EINVAL);
    assert_null(g);
    assert_int_equal(carc_game_load(&g, rec, len, &half, &err), CARC_EINVAL);
    err.struct_size = 0;
    assert_int_equal(carc_game_load(&g, rec, len, NULL, &err), CARC_EINVAL);
    /* no error struct is fine */
    assert_int_equal(carc_game_load(&g, rec, len, NULL, NULL), CARC_OK);

    /* save: snprintf style */
    assert_int_equal(carc_game_save(NULL, 0, &need, NULL), CARC_EINVAL);
    assert_int_equal(carc_game_save(NULL, 5, &need, g), CARC_EINVAL);
    assert_int_equal(carc_game_save(NULL, 0, &need, g), CARC_EBUFFER);
    assert_int_equal(need, len);
    memset(small, 'z', sizeof small);
    assert_int_equal(carc_game_save(small, sizeof small, NULL, g), CARC_EBUFFER);
    assert_int_equal(small[sizeof small - 1], '\0');
    assert_memory_equal(small, rec, sizeof small - 1);
    {
        char *exact = malloc(len + 1);
        assert_non_null(exact);
        assert_int_equal(carc_game_save(exact, len, &need, g), CARC_EBUFFER); /* no room for the NUL */
        assert_int_equal(carc_game_save(exact, len + 1, &need, g), CARC_OK);
        assert_string_equal(exact, rec);
        free(exact);
    }
    carc_game_free(g);

    /* a short error struct: only the fields that fit are written */
    {
        unsigned char raw[sizeof(carc_load_error) + 8];
        carc_load_error *short_err = (carc_load_error *)(void *)raw;
        size_t keep = offsetof(carc_load_error, message) + 6;
        memset(raw, 0xab, sizeof raw);
        short_err->struct_size = (uint32_t)keep;
        assert_int_equal(carc_game_load(&g, "carcassonne-record 9\n", 21, NULL, short_err), CARC_EFORMAT);
        assert_int_equal(short_err->line, 1);
        assert_int_equal(short_err->status, CARC_EFORMAT);
        assert_string_equal(short_err->message, "line ");
        assert_int_equal(raw[keep], 0xab);
    }
    free(rec);
}

static void test_allocation_failures(void **state)
{
    char *rec = finished_record(51, 4);
    size_t len = strlen(rec);
    uint32_t fail_at;
    (void)state;
    for (fail_at = 0;; fail_at++) {
        counting_alloc ca;
        carc_allocator a = counting_allocator(&ca);
        carc_load_error err;
        carc_game *g = NULL;
        carc_status st;
        ca.fail_at = fail_at;
        memset(&err, 0, sizeof err);
        err.struct_size = sizeof err;
        st = carc_game_load(&g, rec, len, &a, &err);
        if (st == CARC_OK) {
            char *again = save_string(g);
            assert_string_equal(again, rec);
            free(again);
            carc_game_free(g);
            assert_int_equal(ca.live_blocks, 0);
            break;
        }
        assert_int_equal(st, CARC_ENOMEM);
        assert_int_equal(err.status, CARC_ENOMEM);
        assert_null(g);
        assert_int_equal(ca.live_blocks, 0);
        assert_true(fail_at < 100000);
    }
    free(rec);
}

/* ---------------------------------------------------------------- the move notation */

static uint32_t kind_of(const char *name)
{
    uint32_t k = UINT32_MAX;
    assert_int_equal(carc_tile_find(&k, name), CARC_OK);
    return k;
}

/* format(m) is `text`, and parse(text) gives back m, byte for byte. */
static void expect_notation(const carc_move *m, const char *text)
{
    char buf[96];
    size_t need = 0;
    carc_move back;
    assert_int_equal(carc_move_format(buf, sizeof buf, &need, m), CARC_OK);
    assert_string_equal(buf, text);
    assert_int_equal(need, strlen(text));
    memset(&back, 0x5a, sizeof back);
    assert_int_equal(carc_move_parse(&back, text), CARC_OK);
    assert_memory_equal(&back, m, sizeof back);
}

/* A move that formats parses back to the same bytes (returns whether it formatted). */
static bool round_trips(const carc_move *m)
{
    char buf[96];
    size_t need = 0;
    carc_move back;
    carc_status st = carc_move_format(buf, sizeof buf, &need, m);
    if (st != CARC_OK) {
        assert_int_equal(st, CARC_ERANGE);
        return false;
    }
    assert_int_equal(strlen(buf), need);
    memset(&back, 0x5a, sizeof back);
    if (carc_move_parse(&back, buf) != CARC_OK || memcmp(&back, m, sizeof back) != 0)
        print_error("'%s' does not parse back to its move\n", buf);
    assert_int_equal(carc_move_parse(&back, buf), CARC_OK);
    assert_memory_equal(&back, m, sizeof back);
    return true;
}

static carc_move make_move(uint8_t kind, int32_t x, int32_t y, const char *tile, uint8_t rot, uint8_t figure,
                           uint8_t segment, uint8_t quarter)
{
    carc_move m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.x = x;
    m.y = y;
    m.tile = tile != NULL ? (uint16_t)kind_of(tile) : 0;
    m.rotation = rot;
    m.figure = figure;
    m.segment = segment;
    m.quarter = quarter;
    return m;
}

static void test_move_notation(void **state)
{
    static const char *const quarters[] = { "castle", "market", "blacksmith", "cathedral" };
    static const char *const figures[] = { "", "", "big/", "abbot/", "builder/", "pig/" };
    uint32_t kinds = carc_tile_kind_count(), k, nseg, seg_kinds = 0, formatted = 0;
    unsigned rot, f, s, q;
    carc_move m;
    char text[96];
    (void)state;

    /* exact texts, both ways */
    m = make_move(CARC_MOVE_PLACE, 0, 1, "B", 0, CARC_FIGURE_ABBOT, 0, 0);
    assert_int_equal(carc_move_parse(&m, "B 0 1 0 abbot/cloister"), CARC_OK);
    assert_int_equal(m.figure, CARC_FIGURE_ABBOT);
    expect_notation(&m, "B 0 1 0 abbot/cloister");
    assert_int_equal(carc_move_parse(&m, "E.g 0 -1 180 abbot/garden"), CARC_OK);
    assert_int_equal(m.tile, kind_of("E.g"));
    assert_int_equal(m.figure, CARC_FIGURE_ABBOT);
    expect_notation(&m, "E.g 0 -1 180 abbot/garden");
    m = make_move(CARC_MOVE_PLACE, -1, 0, "U", 1, CARC_FIGURE_ABBOT, CARC_SEGMENT_RECALL, 0);
    expect_notation(&m, "U -1 0 90 abbot/recall");
    assert_int_equal(carc_move_parse(&m, "D 1 0 90 big/city:E"), CARC_OK);
    assert_int_equal(m.figure, CARC_FIGURE_BIG);
    expect_notation(&m, "D 1 0 90 big/city:E");
    assert_int_equal(carc_move_parse(&m, "D 1 0 90 builder/road:N"), CARC_OK);
    assert_int_equal(m.figure, CARC_FIGURE_BUILDER);
    expect_notation(&m, "D 1 0 90 builder/road:N");
    assert_int_equal(carc_move_parse(&m, "U 1 0 90 pig/field:NNE"), CARC_OK);
    assert_int_equal(m.figure, CARC_FIGURE_PIG);
    expect_notation(&m, "U 1 0 90 pig/field:NNW"); /* a field by its first port */
    assert_int_equal(carc_move_parse(&m, "RD 0 1 0 river:S"), CARC_OK); /* a river segment, by either side */
    expect_notation(&m, "RD 0 1 0 river:N");
    assert_int_equal(carc_move_parse(&m, "RL 0 5 90 abbot/cloister"), CARC_OK);
    m = make_move(CARC_MOVE_PASS, 0, 0, NULL, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, 0);
    expect_notation(&m, "pass");
    m = make_move(CARC_MOVE_EXIT, 2, -1, NULL, 0, CARC_FIGURE_FOLLOWER, 3, CARC_QUARTER_CASTLE);
    expect_notation(&m, "exit castle 2 -1 seg:3");
    m = make_move(CARC_MOVE_EXIT, -40, 0, NULL, 0, CARC_FIGURE_BIG, 0, CARC_QUARTER_CATHEDRAL);
    expect_notation(&m, "exit cathedral -40 0 big/seg:0");
    m = make_move(CARC_MOVE_QUARTER, 0, 0, NULL, 0, CARC_FIGURE_FOLLOWER, CARC_NO_SEGMENT, CARC_QUARTER_MARKET);
    expect_notation(&m, "quarter market");
    m = make_move(CARC_MOVE_QUARTER, 0, 0, NULL, 0, CARC_FIGURE_BIG, CARC_NO_SEGMENT, CARC_QUARTER_BLACKSMITH);
    expect_notation(&m, "quarter big/blacksmith");
    m = make_move(CARC_MOVE_COUNT, 0, 0, NULL, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_QUARTER_CATHEDRAL);
    expect_notation(&m, "count cathedral");

    /* every place move: each tile, rotation, segment and figure, the recall, no figure */
    for (k = 0; k < kinds; k++) {
        assert_int_equal(carc_tile_segment_count(&nseg, k), CARC_OK);
        for (rot = 0; rot < 4; rot++) {
            carc_move p;
            memset(&p, 0, sizeof p);
            p.x = (int32_t)k - 20;
            p.y = -(int32_t)rot;
            p.tile = (uint16_t)k;
            p.rotation = (uint8_t)rot;
            p.segment = CARC_NO_SEGMENT;
            assert_true(round_trips(&p));
            for (f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_PIG; f++) {
                p.figure = (uint8_t)f;
                for (s = 0; s < nseg; s++) {
                    carc_segment_info si;
                    memset(&si, 0, sizeof si);
                    si.struct_size = sizeof si;
                    assert_int_equal(carc_tile_segment(&si, k, 0, s), CARC_OK);
                    p.segment = (uint8_t)s;
                    assert_true(round_trips(&p)); /* every kind of segment has a name */
                    seg_kinds |= 1u << si.kind;
                    formatted++;
                }
                p.segment = CARC_SEGMENT_RECALL;
                assert_int_equal(round_trips(&p), f == CARC_FIGURE_ABBOT);
            }
        }
    }
    assert_int_equal(seg_kinds, 0x3Fu); /* field road city monastery garden river */
    /* every move of the other kinds */
    for (q = 0; q < 4; q++) {
        m = make_move(CARC_MOVE_COUNT, 0, 0, NULL, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, (uint8_t)q);
        snprintf(text, sizeof text, "count %s", quarters[q]);
        expect_notation(&m, text);
        for (f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_PIG; f++) {
            m = make_move(CARC_MOVE_QUARTER, 0, 0, NULL, 0, (uint8_t)f, CARC_NO_SEGMENT, (uint8_t)q);
            snprintf(text, sizeof text, "quarter %s%s", figures[f], quarters[q]);
            expect_notation(&m, text);
            for (s = 0; s < 12; s++) {
                m = make_move(CARC_MOVE_EXIT, (int32_t)s - 6, 1000000, NULL, 0, (uint8_t)f, (uint8_t)s, (uint8_t)q);
                snprintf(text, sizeof text, "exit %s %d 1000000 %sseg:%u", quarters[q], (int)s - 6, figures[f], s);
                expect_notation(&m, text);
            }
        }
    }
    print_message("%u place moves with a figure round trip\n", (unsigned)formatted);

    /* moves that do not format: a field the kind does not use, or an impossible combination */
    {
        /* x, y, tile, rotation, figure, segment, kind, quarter, reserved */
        static const carc_move cases[] = {
            { 1, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PASS, 0, 0 },
            { 0, 0, 3, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PASS, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_NONE, 0, CARC_MOVE_PASS, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PASS, 1, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, CARC_NO_SEGMENT, CARC_MOVE_COUNT, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_COUNT, 4, 0 },
            { 0, 5, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_COUNT, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_QUARTER, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 2, CARC_MOVE_QUARTER, 0, 0 },
            { 0, 0, 0, 1, CARC_FIGURE_FOLLOWER, CARC_NO_SEGMENT, CARC_MOVE_QUARTER, 0, 0 },
            { 0, 0, 1, 0, CARC_FIGURE_FOLLOWER, 0, CARC_MOVE_EXIT, 0, 0 },
            { 0, 0, 0, 1, CARC_FIGURE_FOLLOWER, 0, CARC_MOVE_EXIT, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_NONE, 0, CARC_MOVE_EXIT, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 12, CARC_MOVE_EXIT, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, CARC_NO_SEGMENT, CARC_MOVE_EXIT, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_FOLLOWER, 0, CARC_MOVE_EXIT, 4, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, 5, 0, 0 },
            { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, 255, 0, 0 },
            { 0, 0, 3, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PLACE, 1, 0 },
            { 0, 0, 3, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PLACE, 0, 1 },
            { 0, 0, 3, 0, CARC_FIGURE_NONE, 0, CARC_MOVE_PLACE, 0, 0 },
            { 0, 0, 3, 0, CARC_FIGURE_NONE, CARC_SEGMENT_RECALL, CARC_MOVE_PLACE, 0, 0 },
            { 0, 0, 3, 0, CARC_FIGURE_FOLLOWER, CARC_SEGMENT_RECALL, CARC_MOVE_PLACE, 0, 0 },
            { 0, 0, 3, 0, CARC_FIGURE_BIG, CARC_SEGMENT_RECALL, CARC_MOVE_PLACE, 0, 0 },
            { 0, 0, 3, 0, CARC_FIGURE_ABBOT, CARC_NO_SEGMENT, CARC_MOVE_PLACE, 0, 0 },
            { 0, 0, 3, 0, 6, 0, CARC_MOVE_PLACE, 0, 0 },
        };
        size_t i, need = 0;
        for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            char buf[96];
            carc_status st = carc_move_format(buf, sizeof buf, &need, &cases[i]);
            if (st != CARC_ERANGE)
                print_error("case %u formats as '%s' (%s)\n", (unsigned)i, st == CARC_OK ? buf : "", carc_status_name(st));
            assert_int_equal(st, CARC_ERANGE);
        }
    }
    /* texts that do not parse (and leave the move alone) */
    {
        static const char *const bad[] = {
            "pass x", "PASS", "pass -", "count", "count castle x", "count big/castle", "count Castle",
            "quarter", "quarter palace", "quarter castle x", "quarter wizard/castle", "quarter big/", "quarter /castle",
            "quarter big/big/castle", "exit", "exit castle", "exit castle 0 0", "exit castle 0 0 seg:",
            "exit castle 0 0 seg:12", "exit castle 0 0 seg:01", "exit castle 0 0 seg:-1", "exit castle 0 0 seg:+1",
            "exit castle 0 0 seg:x", "exit castle 0 0 road:N", "exit castle 0 0 -", "exit castle 0 0 seg",
            "exit palace 0 0 seg:1", "exit castle x 0 seg:1", "exit castle 0 0 seg:1 x", "exit 0 0 seg:1",
            "exit castle 0 0 wizard/seg:1", "U -1 0 90 recall", "U -1 0 90 big/recall", "U -1 0 90 pig/recall",
            "U -1 0 90 abbot/recall x", "U -1 0 90 abbot/", "U -1 0 90 abbot/abbot/recall", "D 1 0 0 wizard/road:E",
            "D 1 0 0 follower/road:E", "E.g 0 -1 180 abbot/cloister", "E 0 -1 180 abbot/garden", "e.g 0 0 0 -",
            "E.G 0 0 0 -", "E. 0 0 0 -", "RD 0 1 0 river:E", "RD 0 1 0 river", "D 1 0 0 river:N", "RA 0 0 0 spring",
        };
        size_t i;
        carc_move keep;
        memset(&m, 0x77, sizeof m);
        keep = m;
        for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            carc_status st = carc_move_parse(&m, bad[i]);
            if (st != CARC_EPARSE)
                print_error("'%s' parses (%s)\n", bad[i], carc_status_name(st));
            assert_int_equal(st, CARC_EPARSE);
        }
        assert_memory_equal(&m, &keep, sizeof m);
    }
}

/* ---------------------------------------------------------------- River and Abbot games */

typedef struct module_stats {
    uint32_t games, round_trips, continued, moves, abbots, gardens, recalls, river, discards, ends, refused,
        notation, bigs, inns_tiles, six_players;
    /* Traders & Builders: figures placed, second tiles placed and declined, tiles, tokens taken */
    uint32_t builders, pigs, seconds, declined, traders_tiles, tokens;
    /* the Count: followers into the city, Count moves, exits during play and in the final round, passes */
    uint32_t quarters, counts, exits, final_exits, count_passes;
} module_stats;

/* Everything assert_same_state compares, and the figures of every kind, the
 * figures on the board, the events and the pending decision. */
static void assert_same_game(const carc_game *a, const carc_game *b)
{
    uint32_t players = 0, p, f, na, nb, i;
    carc_pending pa, pb;
    assert_same_state(a, b);
    assert_int_equal(carc_game_players(&players, a), CARC_OK);
    for (p = 0; p < players; p++) {
        for (f = CARC_FIGURE_FOLLOWER; f <= CARC_FIGURE_PIG; f++) {
            assert_int_equal(carc_game_figure_supply(&na, a, p, f), CARC_OK);
            assert_int_equal(carc_game_figure_supply(&nb, b, p, f), CARC_OK);
            assert_int_equal(na, nb);
        }
        for (f = 0; f < CARC_GOOD_COUNT; f++) {
            assert_int_equal(carc_game_goods(&na, a, p, f), CARC_OK);
            assert_int_equal(carc_game_goods(&nb, b, p, f), CARC_OK);
            assert_int_equal(na, nb);
        }
        for (f = 0; f < 8; f++) { /* each quarter, follower and big follower */
            assert_int_equal(carc_game_city(&na, a, f / 2, p, f % 2 ? CARC_FIGURE_BIG : CARC_FIGURE_FOLLOWER), CARC_OK);
            assert_int_equal(carc_game_city(&nb, b, f / 2, p, f % 2 ? CARC_FIGURE_BIG : CARC_FIGURE_FOLLOWER), CARC_OK);
            assert_int_equal(na, nb);
        }
    }
    if (carc_game_count(&na, a) == CARC_OK) {
        assert_int_equal(carc_game_count(&nb, b), CARC_OK);
        assert_int_equal(na, nb);
    }
    assert_int_equal(carc_game_figure_count(&na, a), CARC_OK);
    assert_int_equal(carc_game_figure_count(&nb, b), CARC_OK);
    assert_int_equal(na, nb);
    for (i = 0; i < na; i++) {
        carc_figure_info fa, fb;
        memset(&fa, 0, sizeof fa);
        memset(&fb, 0, sizeof fb);
        fa.struct_size = fb.struct_size = sizeof fa;
        assert_int_equal(carc_game_figure(&fa, a, i), CARC_OK);
        assert_int_equal(carc_game_figure(&fb, b, i), CARC_OK);
        assert_int_equal(fa.player, fb.player);
        assert_int_equal(fa.figure, fb.figure);
        assert_int_equal(fa.x, fb.x);
        assert_int_equal(fa.y, fb.y);
        assert_int_equal(fa.segment, fb.segment);
    }
    assert_int_equal(carc_game_event_count(&na, a), CARC_OK);
    for (i = 0; i < na; i++) {
        carc_event ea, eb;
        memset(&ea, 0, sizeof ea);
        memset(&eb, 0, sizeof eb);
        ea.struct_size = eb.struct_size = sizeof ea;
        assert_int_equal(carc_game_event(&ea, a, i), CARC_OK);
        assert_int_equal(carc_game_event(&eb, b, i), CARC_OK);
        assert_memory_equal(&ea, &eb, sizeof ea);
    }
    pa.struct_size = pb.struct_size = sizeof pa;
    assert_int_equal(carc_game_pending(&pa, a), CARC_OK);
    assert_int_equal(carc_game_pending(&pb, b), CARC_OK);
    assert_memory_equal(&pa, &pb, sizeof pa);
}

static bool is_river_kind(uint32_t k)
{
    const char *n = carc_tile_name(k);
    return n != NULL && n[0] == 'R' && n[1] != '\0' && n[1] != '.';
}

/* A tile of Inns & Cathedrals (IC/...). */
static bool is_inns_kind(uint32_t k)
{
    const char *n = carc_tile_name(k);
    return n != NULL && strncmp(n, "IC/", 3) == 0;
}

/* A tile of Traders & Builders (TB/...). */
static bool is_traders_kind(uint32_t k)
{
    const char *n = carc_tile_name(k);
    return n != NULL && strncmp(n, "TB/", 3) == 0;
}

/* Whether the game waits for a builder's second tile (optional: a pass declines it). */
static bool second_tile_pending(const carc_game *g)
{
    carc_pending p;
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    if (p.flags & CARC_PENDING_SECOND_TILE) {
        assert_int_equal(p.part, 2);
        assert_true(p.flags & CARC_PENDING_OPTIONAL);
    }
    return (p.flags & CARC_PENDING_SECOND_TILE) != 0;
}

/*
 * One random action of the player to move: mostly a uniformly random legal
 * move (carc_game_legal_moves); with `choices` sometimes a chosen tile (which
 * the River's draw order may refuse: CARC_EILLEGAL, nothing changes), a tile
 * with no legal placement (discarded), or an early end. A builder's second
 * tile is declined (pass) one time in four: a uniform pick among its
 * placements would almost never pass.
 */
static void module_turn(carc_game *g, carc_movelist *ml, rng *r, bool choices, module_stats *st)
{
    uint64_t x = rng_next(r) % 1000;
    uint32_t kinds = carc_tile_kind_count(), k, rem, total = 0, pick;
    carc_move mv;
    carc_pending pd;
    bool over = false;
    size_t n, i;
    carc_status s;
    bool second;

    if (choices && x == 999) {
        assert_int_equal(carc_game_end(g), CARC_OK);
        return;
    }
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    assert_int_equal(carc_game_pending(&pd, g), CARC_OK);
    if (pd.decision != CARC_DECISION_PLACE)
        choices = false; /* a decision of the Count: no tile to choose */
    if (choices && x < 20) {
        uint32_t start = (uint32_t)(rng_next(r) % kinds), j;
        for (j = 0; j < kinds; j++) {
            k = (start + j) % kinds;
            if (carc_game_remaining_of(&rem, g, k) != CARC_OK || rem == 0)
                continue;
            assert_int_equal(carc_game_placements(ml, g, k, 0), CARC_OK);
            if (carc_movelist_count(ml) == 0) {
                s = carc_game_choose_tile(g, k);
                assert_true(s == CARC_OK || s == CARC_EILLEGAL);
                st->refused += s == CARC_EILLEGAL;
                if (s == CARC_OK)
                    return;
                break;
            }
        }
    } else if (choices && x < 100) {
        assert_int_equal(carc_game_remaining(&total, g), CARC_OK);
        if (total > 0) {
            pick = (uint32_t)(rng_next(r) % total);
            for (k = 0; k < kinds; k++) {
                assert_int_equal(carc_game_remaining_of(&rem, g, k), CARC_OK);
                if (pick < rem)
                    break;
                pick -= rem;
            }
            assert_true(k < kinds);
            s = carc_game_choose_tile(g, k);
            assert_true(s == CARC_OK || s == CARC_EILLEGAL); /* the River: its tiles first, the lake last */
            st->refused += s == CARC_EILLEGAL;
        }
    }
    assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
    if (over)
        return;
    second = second_tile_pending(g);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    n = carc_movelist_count(ml);
    assert_true(n > 0);
    if (x % 16 == 5) {
        /* every legal move round trips through the notation */
        for (i = 0; i < n; i++)
            assert_true(round_trips(&carc_movelist_data(ml)[i]));
        st->notation += (uint32_t)n;
    }
    assert_int_equal(carc_movelist_get(&mv, ml, (size_t)(rng_next(r) % n)), CARC_OK);
    for (i = 0; second && x % 4 == 1 && i < n; i++)
        if (carc_movelist_data(ml)[i].kind == CARC_MOVE_PASS)
            mv = carc_movelist_data(ml)[i];
    /* a pass declines a second tile or a decision of the Count */
    assert_true(mv.kind != CARC_MOVE_PASS || second || pd.decision != CARC_DECISION_PLACE);
    assert_int_equal(carc_game_play(g, &mv), CARC_OK);
    st->moves++;
    st->seconds += second && mv.kind == CARC_MOVE_PLACE;
    st->declined += mv.kind == CARC_MOVE_PASS && second;
    st->count_passes += mv.kind == CARC_MOVE_PASS && !second;
    st->quarters += mv.kind == CARC_MOVE_QUARTER;
    st->counts += mv.kind == CARC_MOVE_COUNT;
    st->exits += mv.kind == CARC_MOVE_EXIT && !(pd.flags & CARC_PENDING_FINAL);
    st->final_exits += mv.kind == CARC_MOVE_EXIT && (pd.flags & CARC_PENDING_FINAL);
    st->builders += mv.figure == CARC_FIGURE_BUILDER;
    st->pigs += mv.figure == CARC_FIGURE_PIG;
    st->traders_tiles += mv.kind == CARC_MOVE_PLACE && is_traders_kind(mv.tile);
    if (mv.figure == CARC_FIGURE_ABBOT && mv.segment == CARC_SEGMENT_RECALL) {
        st->recalls++;
    } else if (mv.figure == CARC_FIGURE_ABBOT) {
        carc_segment_info si;
        memset(&si, 0, sizeof si);
        si.struct_size = sizeof si;
        assert_int_equal(carc_tile_segment(&si, mv.tile, mv.rotation, mv.segment), CARC_OK);
        st->abbots++;
        st->gardens += si.kind == CARC_SEG_GARDEN;
    }
    st->bigs += mv.figure == CARC_FIGURE_BIG;
    st->river += is_river_kind(mv.tile);
    st->inns_tiles += mv.kind == CARC_MOVE_PLACE && is_inns_kind(mv.tile);
}

/* Load a copy of `g` from its record, then play the same random actions on
 * the original and on the copy to the end: same game at every step, same record. */
static void module_continues_identically(const carc_game *g, const rng *r, module_stats *st)
{
    counting_alloc ca;
    char *rec = save_string(g), *sa, *sb;
    carc_game *copy = load_string(rec, &ca), *orig = NULL;
    carc_movelist *ml = NULL;
    rng ra = *r, rb = *r;
    bool over = false;
    module_stats ignore;

    memset(&ignore, 0, sizeof ignore);
    assert_int_equal(carc_game_clone(&orig, g, 0), CARC_OK);
    assert_int_equal(carc_movelist_new(&ml, orig), CARC_OK);
    for (;;) {
        assert_same_game(orig, copy);
        assert_int_equal(carc_game_is_over(&over, orig), CARC_OK);
        if (over)
            break;
        module_turn(orig, ml, &ra, true, &ignore);
        module_turn(copy, ml, &rb, true, &ignore);
    }
    sa = save_string(orig);
    sb = save_string(copy);
    assert_string_equal(sa, sb);
    free(sa);
    free(sb);
    free(rec);
    carc_movelist_free(ml);
    carc_game_free(orig);
    carc_game_free(copy);
    assert_int_equal(ca.live_blocks, 0);
    st->continued++;
}

static void module_round_trip(const carc_game *g, module_stats *st)
{
    counting_alloc ca;
    char *a = save_string(g), *b;
    carc_game *copy = load_string(a, &ca);
    b = save_string(copy);
    assert_string_equal(a, b);
    assert_same_game(g, copy);
    carc_game_free(copy);
    assert_int_equal(ca.live_blocks, 0);
    free(a);
    free(b);
    st->round_trips++;
}

/* "farmers river abbot inns" (the modules of the header, in their order), "-" for none */
static const char *modules_label(uint32_t modules, char *buf, size_t cap)
{
    static const struct { uint32_t flag; const char *name; } names[] = {
        { CARC_MODULE_FARMERS, "farmers" }, { CARC_MODULE_RIVER, "river" },
        { CARC_MODULE_ABBOT, "abbot" },     { CARC_MODULE_COUNT, "count" },
        { CARC_MODULE_INNS, "inns" },       { CARC_MODULE_TRADERS, "traders" },
    };
    size_t i, used = 0;
    buf[0] = '\0';
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if ((modules & names[i].flag) && used + strlen(names[i].name) + 2 < cap)
            used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? " " : "", names[i].name);
    if (used == 0)
        snprintf(buf, cap, "-");
    return buf;
}

/* One seeded random game of `modules`: round trips mid-game (twice, one of them during the River when it
 * is on) and at the end; some games are continued from their record to the end. */
static void module_game(uint32_t modules, uint32_t players, uint64_t seed, uint32_t n, module_stats *st)
{
    rng r = rng_seeded(seed);
    uint32_t stop1 = (uint32_t)(rng_next(&r) % 20), stop2 = 20 + (uint32_t)(rng_next(&r) % 60), step = 0, hc, h;
    bool choices = n % 3 != 0, over = false;
    carc_game_options opts;
    carc_game *g = NULL;
    carc_movelist *ml = NULL;
    char *rec, want[160], label[64];

    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = players;
    opts.seed = seed;
    opts.modules = modules;
    if ((modules & CARC_MODULE_COUNT) && (modules & CARC_MODULE_RIVER)) {
        /* the spring beside the City of Carcassonne (docs/rules.md 8.2) */
        assert_int_equal(carc_tile_find(&opts.start_tile, "RA"), CARC_OK);
        opts.start_x = -3;
        opts.start_y = n % 2 ? 0 : 1;
        opts.start_rotation = 2;
    } else if (n % 5 == 4 && !(modules & CARC_MODULE_COUNT)) {
        /* a start elsewhere, turned: the River flows from there */
        opts.start_x = (int32_t)n - 7;
        opts.start_y = 3;
        opts.start_rotation = (uint32_t)n % 4;
    }
    if ((modules & CARC_MODULE_COUNT) && n % 3 == 1)
        opts.variants = n % 2 ? CARC_VARIANT_COC_FINAL_MARKET : CARC_VARIANT_COC_ONCE_PER_TURN;
    assert_int_equal(carc_game_new(&g, &opts), CARC_OK);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    /* the header names the players and the modules, and the River's spring starts */
    rec = save_string(g);
    if ((modules & CARC_MODULE_COUNT) && !(modules & CARC_MODULE_RIVER)) /* the City of Carcassonne starts */
        snprintf(want, sizeof want, "\nplayers %u\nseed %llu\nmodules %s\n%sstart -\n", (unsigned)players,
                 (unsigned long long)seed, modules_label(modules, label, sizeof label),
                 opts.variants == CARC_VARIANT_COC_FINAL_MARKET  ? "option coc-final market\n"
                 : opts.variants == CARC_VARIANT_COC_ONCE_PER_TURN ? "option coc-per-part no\n"
                                                                   : "");
    else
        snprintf(want, sizeof want, "\nplayers %u\nseed %llu\nmodules %s\n%sstart %s %d %d %u\n", (unsigned)players,
                 (unsigned long long)seed, modules_label(modules, label, sizeof label),
                 opts.variants == CARC_VARIANT_COC_FINAL_MARKET  ? "option coc-final market\n"
                 : opts.variants == CARC_VARIANT_COC_ONCE_PER_TURN ? "option coc-per-part no\n"
                                                                   : "",
                 (modules & CARC_MODULE_RIVER) ? "RA" : "D", (int)opts.start_x, (int)opts.start_y,
                 (unsigned)(90 * opts.start_rotation));
    if (strstr(rec, want) == NULL)
        print_error("%s: no '%s'\n", rec, want);
    assert_non_null(strstr(rec, want));
    free(rec);
    while (!over) {
        if (step == stop1 || step == stop2) {
            module_round_trip(g, st); /* mid-game (during the River when it is on) */
            if (step == stop1 && n % 4 == 1)
                module_continues_identically(g, &r, st);
        }
        module_turn(g, ml, &r, choices, st);
        assert_int_equal(carc_game_is_over(&over, g), CARC_OK);
        step++;
    }
    module_round_trip(g, st); /* at the end */
    if (n % 4 == 2)
        module_continues_identically(g, &r, st); /* a finished game: nothing to play */
    assert_int_equal(carc_game_history_count(&hc, g), CARC_OK);
    for (h = 0; h < hc; h++) {
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        assert_int_equal(carc_game_history(&e, g, h), CARC_OK);
        st->discards += e.kind == CARC_HISTORY_DISCARD;
        st->ends += e.kind == CARC_HISTORY_END;
    }
    for (h = 0; h < players; h++) {
        uint32_t k, tokens;
        for (k = 0; k < CARC_GOOD_COUNT; k++) {
            assert_int_equal(carc_game_goods(&tokens, g, h, k), CARC_OK);
            st->tokens += tokens;
        }
    }
    st->games++;
    st->six_players += players == 6;
    carc_movelist_free(ml);
    carc_game_free(g);
}

/* Print what the games of one combination covered, and check that they covered what its modules bring. */
static void module_combo_check(uint32_t modules, const module_stats *st)
{
    char label[64];
    print_message("modules %-34s: %u games (%u of 6 players), %u moves, %u round trips, %u continued, "
                  "%u abbots (%u on gardens), %u recalls, %u river tiles, %u I&C tiles, %u big followers, "
                  "%u T&B tiles, %u builders, %u pigs, %u second tiles, %u declined, %u goods tokens, "
                  "%u into the city, %u Count moves, %u exits, %u final exits, %u Count passes, "
                  "%u discards, %u early ends, %u draws refused, %u moves through the notation\n",
                  modules_label(modules, label, sizeof label), (unsigned)st->games, (unsigned)st->six_players,
                  (unsigned)st->moves, (unsigned)st->round_trips, (unsigned)st->continued, (unsigned)st->abbots,
                  (unsigned)st->gardens, (unsigned)st->recalls, (unsigned)st->river, (unsigned)st->inns_tiles,
                  (unsigned)st->bigs, (unsigned)st->traders_tiles, (unsigned)st->builders, (unsigned)st->pigs,
                  (unsigned)st->seconds, (unsigned)st->declined, (unsigned)st->tokens, (unsigned)st->quarters,
                  (unsigned)st->counts, (unsigned)st->exits, (unsigned)st->final_exits, (unsigned)st->count_passes,
                  (unsigned)st->discards,
                  (unsigned)st->ends, (unsigned)st->refused, (unsigned)st->notation);
    if (modules & CARC_MODULE_ABBOT) {
        assert_true(st->abbots > 0);
        assert_true(st->gardens > 0);
        assert_true(st->recalls > 0);
    } else {
        assert_int_equal(st->abbots + st->recalls, 0);
    }
    if (modules & CARC_MODULE_RIVER) {
        assert_true(st->river >= 11 * st->games / 2);
        assert_true(st->refused > 0);
    } else {
        assert_int_equal(st->river, 0);
    }
    if (modules & CARC_MODULE_INNS) {
        /* most games draw most of the 18 tiles; the big followers are placed */
        assert_true(st->inns_tiles >= 5 * st->games);
        assert_true(st->bigs > 0);
    } else {
        assert_int_equal(st->inns_tiles + st->bigs + st->six_players, 0);
    }
    if (modules & CARC_MODULE_TRADERS) {
        /* most games draw most of the 24 tiles; builders give double turns,
         * some declined; completed cities give tokens; pigs need farmers */
        assert_true(st->traders_tiles >= 5 * st->games);
        assert_true(st->builders > 0);
        assert_true(st->seconds > 0);
        assert_true(st->declined > 0);
        assert_true(st->tokens > 0);
        if (modules & CARC_MODULE_FARMERS)
            assert_true(st->pigs > 0);
        else
            assert_int_equal(st->pigs, 0);
    } else {
        assert_int_equal(st->traders_tiles + st->builders + st->pigs + st->seconds + st->declined + st->tokens, 0);
    }
    if (modules & CARC_MODULE_COUNT) {
        /* followers go into the city, some come out, the Count moves */
        assert_true(st->quarters > 0);
        assert_true(st->counts > 0);
        assert_true(st->exits + st->final_exits > 0);
        assert_true(st->count_passes > 0);
    } else {
        assert_int_equal(st->quarters + st->counts + st->exits + st->final_exits + st->count_passes, 0);
    }
}

#define COMBOS 64 /* farmers x river x abbot x inns x traders x count */

static uint32_t combo_modules(uint32_t combo)
{
    return ((combo & 1) ? CARC_MODULE_FARMERS : 0) | ((combo & 2) ? CARC_MODULE_RIVER : 0) |
           ((combo & 4) ? CARC_MODULE_ABBOT : 0) | ((combo & 8) ? CARC_MODULE_INNS : 0) |
           ((combo & 16) ? CARC_MODULE_TRADERS : 0) | ((combo & 32) ? CARC_MODULE_COUNT : 0);
}

/* Games per player count of a combination: half as many with Traders &
 * Builders (longer games: their tiles and the second tiles) and half as
 * many again with the Count (twice the combinations), at least 2. */
static uint32_t combo_games(uint32_t combo, uint32_t per)
{
    uint32_t n = (combo & 16) ? per / 2 : per;
    n = (combo & 32) ? n / 2 : n;
    return n < 2 ? 2 : n;
}

/*
 * Every combination of farmers x river x abbot x inns x traders x count: seeded
 * random games of 2-5 players, a round trip mid-game (twice) and at the end,
 * some continued from their record to the end. (Six players: below.)
 */
static void test_module_round_trips(void **state)
{
    uint32_t per = env_games(3000) / 60 + 1, combo, players, n, games = 0;
    (void)state;
    for (combo = 0; combo < COMBOS; combo++) {
        module_stats st;
        memset(&st, 0, sizeof st);
        for (players = 2; players <= 5; players++)
            for (n = 0; n < combo_games(combo, per); n++)
                module_game(combo_modules(combo), players, 50000 + 1000 * combo + 100 * players + n, n, &st);
        module_combo_check(combo_modules(combo), &st);
        games += st.games;
    }
    assert_true(games >= 256);
}

/*
 * Six players (Inns & Cathedrals): the committed record of a 6-player game
 * loads and saves unchanged, and seeded random 6-player games of every
 * combination with inns round trip like the others; a record of 6 players
 * without inns fails (the 6th player needs the module).
 */
static void test_six_player_round_trips(void **state)
{
    uint32_t per = env_games(3000) / 60 + 1, combo, n, games = 0;
    char path[1024];
    size_t len = 0;
    char *data, *again;
    carc_load_error err;
    carc_game *g = NULL;
    uint32_t players = 0;
    (void)state;

    snprintf(path, sizeof path, "%s/%s", RECORD_DATA_DIR, "inns-6p.rec");
    data = read_file(path, &len);
    assert_non_null(data);
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    if (carc_game_load(&g, data, len, NULL, &err) != CARC_OK)
        print_error("%s:%u: %s\n", path, (unsigned)err.line, err.message);
    assert_non_null(g);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(players, 6);
    again = save_string(g);
    assert_int_equal(strlen(again), len);
    assert_memory_equal(again, data, len);
    free(again);
    free(data);
    carc_game_free(g);

    expect_ok_str("carcassonne-record 1\nplayers 6\nseed 5\nmodules farmers inns\nstart D 0 0 0\n"
                  "place IC/CCCC 0 -1 0 field:interior\nentries 1\n");
    expect_bad_str("carcassonne-record 1\nplayers 6\nseed 5\nmodules farmers river abbot\nstart RA 0 0 0\nentries 0\n",
                   CARC_ERECORD, 5, "Inns & Cathedrals");
    expect_bad_str("carcassonne-record 1\nplayers 7\nseed 5\nmodules farmers inns\nstart D 0 0 0\nentries 0\n",
                   CARC_EPARSE, 2, NULL);

    for (combo = 0; combo < COMBOS; combo++) {
        module_stats st;
        if (!(combo_modules(combo) & CARC_MODULE_INNS))
            continue; /* a sixth player needs Inns & Cathedrals */
        memset(&st, 0, sizeof st);
        for (n = 0; n < (per < 2 ? 2 : per); n++) /* all of them: second tiles are rarer among six */
            module_game(combo_modules(combo), 6, 70000 + 1000 * combo + n, n, &st);
        module_combo_check(combo_modules(combo), &st);
        assert_int_equal(st.six_players, st.games);
        games += st.games;
    }
    assert_true(games >= 32);
}

/*
 * The committed Traders & Builders record (3 players, farmers): it loads and
 * saves unchanged; its history has builders and pigs placed, a double turn
 * (two placements in a row by one player) and a declined second tile (a
 * pass right after its player's placement); the tokens taken are its goods
 * events; and the same moves played through the API on a new game give the
 * same game (figures, goods, events, pending decision).
 */
static void test_traders_record(void **state)
{
    char path[1024];
    size_t len = 0;
    char *data, *again;
    counting_alloc ca;
    carc_game *g, *replay = NULL;
    carc_game_options opts;
    uint32_t hc = 0, h, n = 0, i, p, k, builders = 0, pigs = 0, doubles = 0, passes = 0, tokens = 0, events = 0;
    carc_history_entry prev;
    (void)state;

    snprintf(path, sizeof path, "%s/%s", RECORD_DATA_DIR, "traders-3p.rec");
    data = read_file(path, &len);
    assert_non_null(data);
    g = load_string(data, &ca);
    again = save_string(g);
    assert_string_equal(again, data);
    assert_non_null(strstr(data, "\nmodules farmers traders\n"));

    memset(&opts, 0, sizeof opts);
    assert_int_equal(carc_game_options_get(&opts, g), CARC_OK);
    assert_int_equal(carc_game_new(&replay, &opts), CARC_OK);
    memset(&prev, 0, sizeof prev);
    assert_int_equal(carc_game_history_count(&hc, g), CARC_OK);
    for (h = 0; h < hc; h++) {
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        assert_int_equal(carc_game_history(&e, g, h), CARC_OK);
        assert_int_equal(e.kind, CARC_HISTORY_PLACE); /* no discards, no early end in this record */
        builders += e.move.figure == CARC_FIGURE_BUILDER;
        pigs += e.move.figure == CARC_FIGURE_PIG;
        if (h > 0 && e.player == prev.player && prev.move.kind == CARC_MOVE_PLACE) {
            doubles += e.move.kind == CARC_MOVE_PLACE;
            passes += e.move.kind == CARC_MOVE_PASS;
        }
        if (e.move.kind == CARC_MOVE_PLACE)
            assert_int_equal(carc_game_choose_tile(replay, e.move.tile), CARC_OK);
        assert_int_equal(carc_game_play(replay, &e.move), CARC_OK);
        prev = e;
    }
    assert_true(builders >= 2);
    assert_true(pigs >= 2);
    assert_true(doubles >= 1);
    assert_int_equal(passes, 1); /* the last entry */
    assert_int_equal(prev.move.kind, CARC_MOVE_PASS);
    assert_same_game(g, replay);
    /* every token came with a goods event */
    assert_int_equal(carc_game_players(&p, g), CARC_OK);
    for (i = 0; i < p; i++)
        for (k = 0; k < CARC_GOOD_COUNT; k++) {
            uint32_t v = 0;
            assert_int_equal(carc_game_goods(&v, g, i, k), CARC_OK);
            tokens += v;
        }
    assert_int_equal(carc_game_event_count(&n, g), CARC_OK);
    for (i = 0; i < n; i++) {
        carc_event ev;
        memset(&ev, 0, sizeof ev);
        ev.struct_size = sizeof ev;
        assert_int_equal(carc_game_event(&ev, g, i), CARC_OK);
        events += ev.kind == CARC_EVENT_GOODS;
    }
    assert_true(tokens > 0);
    assert_int_equal(events, tokens);
    free(again);
    free(data);
    carc_game_free(replay);
    carc_game_free(g);
    assert_int_equal(ca.live_blocks, 0);
}

/*
 * A Count record (data/count-3p.rec: farmers, River and Count, the spring
 * beside the City of Carcassonne): it loads and saves unchanged, it holds
 * followers put into quarters, Count moves and moves out of the city during
 * play and in the final round, and replaying its history move by move gives
 * the same game.
 */
static void test_count_record(void **state)
{
    char path[1024];
    size_t len = 0;
    char *data, *again;
    counting_alloc ca;
    carc_game *g, *replay = NULL;
    carc_game_options opts;
    uint32_t hc = 0, h, kinds[5] = { 0 }, in_city = 0, p, q, v;
    (void)state;

    snprintf(path, sizeof path, "%s/%s", RECORD_DATA_DIR, "count-3p.rec");
    data = read_file(path, &len);
    assert_non_null(data);
    g = load_string(data, &ca);
    again = save_string(g);
    assert_string_equal(again, data);
    assert_non_null(strstr(data, "\nmodules farmers river count\nstart RA -3 0 180\n"));

    memset(&opts, 0, sizeof opts);
    assert_int_equal(carc_game_options_get(&opts, g), CARC_OK);
    assert_int_equal(carc_game_new(&replay, &opts), CARC_OK);
    assert_int_equal(carc_game_history_count(&hc, g), CARC_OK);
    for (h = 0; h < hc; h++) {
        carc_history_entry e;
        memset(&e, 0, sizeof e);
        e.struct_size = sizeof e;
        assert_int_equal(carc_game_history(&e, g, h), CARC_OK);
        if (e.kind == CARC_HISTORY_DISCARD) { /* a tile with no place: choosing it discards it */
            assert_int_equal(carc_game_choose_tile(replay, e.move.tile), CARC_OK);
            continue;
        }
        if (e.kind == CARC_HISTORY_END) {
            assert_int_equal(carc_game_end(replay), CARC_OK);
            continue;
        }
        kinds[e.move.kind]++;
        if (e.move.kind == CARC_MOVE_PLACE)
            assert_int_equal(carc_game_choose_tile(replay, e.move.tile), CARC_OK);
        assert_int_equal(carc_game_play(replay, &e.move), CARC_OK);
    }
    assert_true(kinds[CARC_MOVE_QUARTER] >= 2);
    assert_true(kinds[CARC_MOVE_COUNT] >= 1);
    assert_true(kinds[CARC_MOVE_EXIT] >= 2);
    assert_same_game(g, replay);
    /* what went in and did not come out is still in the city */
    assert_int_equal(carc_game_players(&p, g), CARC_OK);
    for (h = 0; h < p; h++)
        for (q = 0; q < 4; q++) {
            assert_int_equal(carc_game_city(&v, g, q, h, CARC_FIGURE_FOLLOWER), CARC_OK);
            in_city += v;
        }
    assert_int_equal(in_city, kinds[CARC_MOVE_QUARTER] - kinds[CARC_MOVE_EXIT]);
    free(again);
    free(data);
    carc_game_free(replay);
    carc_game_free(g);
    assert_int_equal(ca.live_blocks, 0);
}

/* ---------------------------------------------------------------- bad River and Abbot records */

#define HEADER_ABBOT "carcassonne-record 1\nplayers 2\nseed 5\nmodules farmers abbot\nstart D 0 0 0\n"
#define HEADER_RIVER "carcassonne-record 1\nplayers 2\nseed 5\nmodules farmers river abbot\nstart RA 0 0 0\n"

static void test_module_records(void **state)
{
    (void)state;
    /* the River: RA's river leaves south, so the first River tile goes to (0,1) */
    expect_ok_str(HEADER_RIVER "place RD 0 1 0 -\nentries 1\n");
    expect_ok_str(HEADER_RIVER "place RD 0 1 0 field:ENE\nplace RF 0 2 180 field:WNW\nentries 2\n");
    expect_bad_str(HEADER_RIVER "place RD -1 0 0 -\nentries 1\n", CARC_ERECORD, 6,
                   "illegal move 'RD -1 0 0 -': a River tile must extend the river at its open end (0,1)");
    expect_bad_str(HEADER_RIVER "place RD 0 1 0 -\nplace RF 0 1 0 -\nentries 2\n", CARC_ERECORD, 7, "already holds");
    expect_bad_str(HEADER_RIVER "place RD 0 1 90 -\nentries 1\n", CARC_ERECORD, 6, "illegal move");
    expect_bad_str(HEADER_RIVER "place RD 0 1 0 -\nplace RF 1 1 0 -\nentries 2\n", CARC_ERECORD, 7,
                   "open end (0,2)");
    /* a land tile or the lake while River tiles are left: the draw is refused */
    expect_bad_str(HEADER_RIVER "place E 0 -1 180 -\nentries 1\n", CARC_ERECORD, 6,
                   "tile E cannot be drawn now: 11 River tiles are still to be drawn");
    expect_bad_str(HEADER_RIVER "place RD 0 1 0 -\nplace RL 0 2 0 -\nentries 2\n", CARC_ERECORD, 7,
                   "the lake comes last");
    expect_bad_str(HEADER_RIVER "discard E\nentries 1\n", CARC_ERECORD, 6, "cannot be drawn now");
    expect_bad_str(HEADER_RIVER "place RA 0 1 0 -\nentries 1\n", CARC_ERECORD, 6, "not among the tiles left");
    /* nobody stands on the river; the big follower is not in play; River tiles do not exist without the River */
    expect_bad_str(HEADER_RIVER "place RD 0 1 0 river:N\nentries 1\n", CARC_ERECORD, 6, "no follower may stand on a river");
    expect_bad_str(HEADER_RIVER "place RD 0 1 0 big/field:ENE\nentries 1\n", CARC_ERECORD, 6, "big follower");
    expect_bad_str(HEADER "place RD 0 1 0 -\nentries 1\n", CARC_ERECORD, 6, "not among the tiles left");
    expect_bad_str(HEADER_RIVER "place RD 0 1 0 river:E\nentries 1\n", CARC_EPARSE, 6, "bad move");

    /* the Abbot: on a garden or a monastery, recalled later */
    expect_ok_str(HEADER_ABBOT "place E.g 0 -1 180 abbot/garden\nentries 1\n");
    {
        static const char rec[] = HEADER_ABBOT "place E.g 0 -1 180 abbot/garden\nplace V -1 0 180 -\n"
                                               "place U 1 0 90 abbot/recall\nentries 3\n";
        counting_alloc ca;
        carc_game *g = load_string(rec, &ca);
        char *again = save_string(g);
        uint32_t n = 0, abbots = 9;
        int32_t score = -1;
        carc_event ev;
        assert_string_equal(again, rec);
        /* the recall scored 1 + the three tiles around the garden, and the abbot is home */
        assert_int_equal(carc_game_score(&score, g, 0), CARC_OK);
        assert_int_equal(score, 4);
        assert_int_equal(carc_game_figure_supply(&abbots, g, 0, CARC_FIGURE_ABBOT), CARC_OK);
        assert_int_equal(abbots, 1);
        assert_int_equal(carc_game_event_count(&n, g), CARC_OK);
        assert_true(n > 0);
        memset(&ev, 0, sizeof ev);
        ev.struct_size = sizeof ev;
        assert_int_equal(carc_game_event(&ev, g, n - 1), CARC_OK);
        assert_int_equal(ev.kind, CARC_EVENT_RECALL);
        assert_int_equal(ev.points, 4);
        free(again);
        carc_game_free(g);
        assert_int_equal(ca.live_blocks, 0);
    }
    expect_bad_str(HEADER_ABBOT "place E.g 0 -1 180 abbot/garden\nplace V -1 0 180 abbot/recall\nentries 2\n",
                   CARC_ERECORD, 7, "player 1 has no abbot on the board");
    expect_bad_str(HEADER_ABBOT "place E.g 0 -1 180 abbot/garden\nplace V -1 0 180 -\nplace B 0 1 0 abbot/cloister\n"
                   "entries 3\n", CARC_ERECORD, 8, "player 0 has no abbot left");
    expect_bad_str(HEADER_ABBOT "place E.g 0 -1 180 garden\nentries 1\n", CARC_ERECORD, 6, "no follower may stand on a garden");
    expect_bad_str(HEADER_ABBOT "place E 0 -1 180 abbot/city:S\nentries 1\n", CARC_ERECORD, 6, "no abbot may stand on a city");
    expect_bad_str(HEADER_ABBOT "place E 0 -1 180 abbot/recall\nentries 1\n", CARC_ERECORD, 6,
                   "player 0 has no abbot on the board");
    /* without the Abbot: no abbot, no recall, no garden tiles */
    expect_bad_str(HEADER "place B 0 1 0 abbot/cloister\nentries 1\n", CARC_ERECORD, 6, "the abbot is not in play");
    expect_bad_str(HEADER "place E 0 -1 180 abbot/recall\nentries 1\n", CARC_ERECORD, 6,
                   "illegal move 'E 0 -1 180 abbot/recall': the abbot is not in play");
    expect_bad_str(HEADER "place E 0 -1 180 -\nplace V -1 0 180 abbot/recall\nentries 2\n", CARC_ERECORD, 7,
                   "the abbot is not in play");
    expect_bad_str(HEADER "place E.g 0 -1 180 -\nentries 1\n", CARC_ERECORD, 6, "tile E.g is not among the tiles left");
    /* bad tokens: unknown figures, a recall by anyone but the abbot, locations the tile lacks */
    expect_bad_str(HEADER_ABBOT "place E 0 -1 180 wizard/city:S\nentries 1\n", CARC_EPARSE, 6,
                   "bad move 'E 0 -1 180 wizard/city:S'");
    expect_bad_str(HEADER_ABBOT "place E 0 -1 180 -\nplace V -1 0 180 hat/recall\nentries 2\n", CARC_EPARSE, 7, "bad move");
    expect_bad_str(HEADER_ABBOT "place E 0 -1 180 -\nplace V -1 0 180 recall\nentries 2\n", CARC_EPARSE, 7, "bad move");
    expect_bad_str(HEADER_ABBOT "place E 0 -1 180 -\nplace V -1 0 180 big/recall\nentries 2\n", CARC_EPARSE, 7, "bad move");
    expect_bad_str(HEADER_ABBOT "place E 0 -1 180 abbot/garden\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER_ABBOT "place E.g 0 -1 180 abbot/cloister\nentries 1\n", CARC_EPARSE, 6, "bad move");
    expect_bad_str(HEADER_ABBOT "place E.G 0 -1 180 -\nentries 1\n", CARC_EPARSE, 6, "unknown tile 'E.G'");
    expect_bad_str(HEADER_ABBOT "place E.g 0 -1 180 abbot/garden extra\nentries 1\n", CARC_EPARSE, 6, "'place' takes");
}

/* The valid seeds of the record fuzzer load and save unchanged; the bad ones fail. */
static void test_fuzz_corpus(void **state)
{
    static const char *const valid[] = { "valid-crlf.rec", "valid-discard-3p.rec", "valid-early-end-4p.rec",
                                         "valid-finished-2p.rec", "valid-fresh.rec", "valid-mid-4p.rec",
                                         "valid-short.rec", "valid-river-abbot-2p.rec", "valid-river-short.rec",
                                         "valid-abbot-recall.rec", "valid-abbot-nofarm-5p.rec",
                                         "valid-inns-abbot-3p.rec", "valid-inns-6p-interior.rec" };
    static const char *const bad[] = { "bad-river-order.rec", "bad-river-place.rec", "bad-recall-no-abbot.rec",
                                       "bad-abbot-figure.rec", "bad-garden-no-abbot.rec", "bad-big-no-inns.rec",
                                       "bad-six-no-inns.rec", "bad-interior-no-field.rec" };
    size_t i;
    (void)state;
    for (i = 0; i < sizeof valid / sizeof valid[0]; i++) {
        char path[1024];
        size_t len = 0;
        char *data, *again;
        carc_load_error err;
        carc_game *g = NULL;
        snprintf(path, sizeof path, "%s/../../../fuzz/corpus/record/%s", RECORD_DATA_DIR, valid[i]);
        data = read_file(path, &len);
        if (data == NULL)
            print_error("cannot read %s\n", path);
        assert_non_null(data);
        memset(&err, 0, sizeof err);
        err.struct_size = sizeof err;
        if (carc_game_load(&g, data, len, NULL, &err) != CARC_OK)
            print_error("%s:%u: %s\n", path, (unsigned)err.line, err.message);
        assert_non_null(g);
        again = save_string(g);
        if (strchr(data, '\r') == NULL) /* written back in the one spelling */
            assert_string_equal(again, data);
        free(again);
        free(data);
        carc_game_free(g);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[1024];
        size_t len = 0;
        char *data;
        carc_load_error err;
        snprintf(path, sizeof path, "%s/../../../fuzz/corpus/record/%s", RECORD_DATA_DIR, bad[i]);
        data = read_file(path, &len);
        assert_non_null(data);
        assert_int_not_equal(load_checked(data, len, &err, NULL), CARC_OK);
        assert_true(err.line > 0);
        free(data);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_fresh_game),
        cmocka_unit_test(test_pending_choice_not_saved),
        cmocka_unit_test(test_crlf_tolerated),
        cmocka_unit_test(test_committed_records),
        cmocka_unit_test(test_truncated_everywhere),
        cmocka_unit_test(test_bad_magic_and_version),
        cmocka_unit_test(test_bad_header),
        cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_nul_and_binary),
        cmocka_unit_test(test_bad_replay),
        cmocka_unit_test(test_discard_lines),
        cmocka_unit_test(test_api_misuse),
        cmocka_unit_test(test_allocation_failures),
        cmocka_unit_test(test_bad_actions),
        cmocka_unit_test(test_move_notation),
        cmocka_unit_test(test_module_records),
        cmocka_unit_test(test_fuzz_corpus),
        cmocka_unit_test(test_round_trip_random_games),
        cmocka_unit_test(test_module_round_trips),
        cmocka_unit_test(test_six_player_round_trips),
        cmocka_unit_test(test_traders_record),
        cmocka_unit_test(test_count_record),
    };
    return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}
