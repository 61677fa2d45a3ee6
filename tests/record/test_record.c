/*
 * test_record: game records (carc_game_save / carc_game_load), black-box.
 *
 *  - seeded random games (2-5 players, random tile choices, forced discards,
 *    early ends): at random points and at the end, save -> load -> save gives
 *    identical bytes, and the loaded game goes on exactly like the original;
 *  - every kind of bad record gives the right status and line number, and
 *    leaves no memory behind (a counting allocator checks every load);
 *  - allocation failure at every step of a load;
 *  - the committed records in data/ (format 1) still load and save unchanged.
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

#define HEADER "carcassonne-record 1\nplayers 2\nseed 5\nmodules farmers\nstart D 0 0 0\n"

/* ---------------------------------------------------------------- round trips */

static void test_round_trip_random_games(void **state)
{
    uint32_t games = env_games(3000), n, discards = 0, ends = 0, checks = 0;
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
                                         "no-farmers-5p.rec" };
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
    expect_bad_str("carcassonne-record 1\nplayers 6\n", CARC_EPARSE, 2, "players");
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
    expect_bad_str("carcassonne-record 1\nplayers 2\nseed 1\nmodules farmers river\nstart D 0 0 0\nentries 0\n",
                   CARC_EUNSUPPORTED, 4, NULL);
}

static void test_bad_lines(void **state)
{
    char line[700];
    (void)state;
    expect_bad_str(HEADER "pass\nentries 1\n", CARC_EPARSE, 6, "unknown keyword 'pass'");
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
    expect_bad_str(HEADER "place E 0 -1 180 a b c d e f g h\nentries 1\n", CARC_EPARSE, 6, "too many words");
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
        cmocka_unit_test(test_round_trip_random_games),
    };
    return cmocka_run_group_tests_name("record", tests, NULL, NULL);
}
