/* SPDX-License-Identifier: MIT */
/*
 * Errors that say why (moves.h): carc_move_parse_msg names the word at fault
 * and what the move notation expects there; carc_game_check_move_msg gives
 * the very text carc_game_play leaves as its last error, without changing
 * the game.
 */
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>

#define GUARD 0xA5

/* ------------------------------------------------------------------ parsing */

typedef struct bad_text {
    const char *text;
    const char *says[3]; /* substrings the message must contain (NULL: no more) */
} bad_text;

/* Every kind of notation error, with what its message must say. */
static const bad_text BAD[] = {
    { "hello", { "\"hello\"", "expected", "TILE X Y ROTATION [WHERE]" } },
    { "hello there", { "\"hello\"", "TILE X Y ROTATION [WHERE]", "pass" } },
    { "", { "empty move", "TILE X Y ROTATION [WHERE]", NULL } },
    { "  \t ", { "empty move", NULL, NULL } },
    { "D 1 0 45 -", { "rotation 45", "expected 0, 90, 180 or 270", NULL } },
    { "D 1 0 360 -", { "rotation 360", "0, 90, 180 or 270", NULL } },
    { "D 1 0 -90 -", { "rotation -90", "0, 90, 180 or 270", NULL } },
    { "D 1 0 x -", { "rotation \"x\"", "0, 90, 180 or 270", NULL } },
    { "D 1 0 99999999999 -", { "rotation", "99999999999", "0, 90, 180 or 270" } },
    { "D 1 0 0 road:Q", { "\"road:Q\"", "Q is not a side", "(N, E, S, W)" } },
    { "D 1 0 0 city:X", { "\"city:X\"", "X is not a side", NULL } },
    { "D 1 0 0 road:", { "\"road:\"", "no side", "N, E, S or W" } },
    { "D 1 0 0 field:N", { "\"field:N\"", "N is not a field port", "NNW" } },
    { "D 1 0 0 field:", { "\"field:\"", "no port", "NNW" } },
    { "Q7 1 0 0 -", { "unknown tile \"Q7\"", "tiles: A..X", "RA..RL" } },
    { "ZZ 1 0 0 -", { "unknown tile \"ZZ\"", "tiles:", NULL } },
    { "X1 1 0", { "unknown tile \"X1\"", NULL, NULL } },
    { "d 1 0 0 -", { "unknown tile \"d\"", "did you mean D?", "case-sensitive" } },
    { "ic/cccc 0 -1 0 -", { "unknown tile \"ic/cccc\"", "did you mean IC/CCCC?", NULL } },
    { "PASS", { "\"PASS\"", "did you mean pass?", NULL } },
    { "D 1a 0 0 -", { "bad x \"1a\"", "whole number", NULL } },
    { "D x 0 0 -", { "bad x \"x\"", NULL, NULL } },
    { "D 1 y 0 -", { "bad y \"y\"", NULL, NULL } },
    { "D +1 0 0 -", { "bad x \"+1\"", NULL, NULL } },
    { "D 99999999999999999999 0 0 -", { "bad x \"99999999999999999999\"", "-1000000 to 1000000", NULL } },
    { "D 1 -99999999999999999999 0 -", { "bad y", NULL, NULL } },
    { "D", { "\"D\"", "X, Y and ROTATION are missing", NULL } },
    { "D 1", { "\"D 1\"", "Y and ROTATION are missing", NULL } },
    { "D 1 0", { "\"D 1 0\"", "ROTATION is missing", NULL } },
    { "D 1 0 0 - extra", { "unexpected \"extra\"", "TILE X Y ROTATION [WHERE]", NULL } },
    { "D 1 0 0 - - -", { "unexpected \"-\"", NULL, NULL } },
    { "D 1 0 0 road", { "\"road\"", "road:SIDE", NULL } },
    { "D 1 0 0 cloister", { "\"cloister\"", "tile D has no monastery", NULL } },
    { "D 1 0 0 garden", { "tile D has no garden", NULL, NULL } },
    { "D 1 0 0 hat/road:E", { "\"hat/road:E\"", "hat is not a figure", "big, abbot, builder or pig" } },
    { "D 1 0 0 /road:E", { "\"/road:E\"", "no figure before the slash", NULL } },
    { "D 1 0 0 big/", { "\"big/\"", "where the figure goes", NULL } },
    { "D 1 0 0 big/big/road:E", { "\"big/big/road:E\"", "is not a feature", NULL } },
    { "D 1 0 0 :", { "\":\"", "no feature before the colon", NULL } },
    { "D 1 0 0 lake:N", { "\"lake:N\"", "lake is not a feature", NULL } },
    { "D 1 0 0 tower", { "\"tower\"", "where the figure goes", "cloister" } },
    { "A 0 0 0 road:N", { "\"road:N\"", "tile A turned 0 has no road on side N", NULL } },
    { "D 1 0 90 road:E", { "tile D turned 90 has no road on side E", NULL, NULL } },
    { "D 0 0 0 field:interior", { "tile D has no field that touches no side", NULL, NULL } },
    { "D 1 0 0 big/recall", { "\"big/recall\"", "abbot/recall", NULL } },
    { "D 1 0 0 recall", { "\"recall\"", "abbot/recall", NULL } },
    { "pass now", { "unexpected \"now\" after pass", NULL, NULL } },
    { "count", { "count QUARTER", "castle, market, blacksmith or cathedral", NULL } },
    { "count kitchen", { "\"kitchen\" is not a quarter", "castle, market, blacksmith or cathedral", NULL } },
    { "count castle now", { "unexpected \"now\"", NULL, NULL } },
    { "quarter", { "quarter [FIGURE/]QUARTER", NULL, NULL } },
    { "quarter big/kitchen", { "\"kitchen\" is not a quarter", NULL, NULL } },
    { "quarter dragon/castle", { "dragon is not a figure", NULL, NULL } },
    { "exit castle 1", { "exit QUARTER X Y [FIGURE/]seg:N", "Y and the segment are missing", NULL } },
    { "exit kitchen 1 1 seg:0", { "\"kitchen\" is not a quarter", NULL, NULL } },
    { "exit castle 1 z seg:0", { "bad y \"z\"", NULL, NULL } },
    { "exit castle 1 1 city:N", { "\"city:N\"", "seg:N", NULL } },
    { "exit castle 1 1 seg:99", { "\"seg:99\"", "from 0 to", NULL } },
    { "exit castle 1 1 seg:", { "\"seg:\"", "seg:N", NULL } },
    { "exit castle 1 1 seg:01", { "\"seg:01\"", NULL, NULL } },
    { "exit castle 1 1 seg:0 now", { "unexpected \"now\"", NULL, NULL } },
};

/* Long words are cut in the message (with "..."), which stays short. */
static void parse_long_words(void **state)
{
    (void)state;
    char text[600], msg[512];
    carc_move m;
    memset(text, 'K', 300);
    snprintf(text + 300, sizeof text - 300, " 1 0 0 -");
    assert_int_equal(carc_move_parse_msg(&m, text, msg, sizeof msg), CARC_EPARSE);
    assert_non_null(strstr(msg, "unknown tile \"KKKK"));
    assert_non_null(strstr(msg, "...\""));
    assert_true(strlen(msg) < 200);
    snprintf(text, sizeof text, "D 1 0 0 road:");
    memset(text + 13, 'Q', 300);
    text[313] = '\0';
    assert_int_equal(carc_move_parse_msg(&m, text, msg, sizeof msg), CARC_EPARSE);
    assert_non_null(strstr(msg, "is not a side"));
    assert_true(strlen(msg) < 200);
}

static void parse_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char msg[512];
        carc_move m, keep;
        memset(&m, GUARD, sizeof m);
        keep = m;
        memset(msg, GUARD, sizeof msg);
        carc_status st = carc_move_parse_msg(&m, BAD[i].text, msg, sizeof msg);
        if (st != CARC_EPARSE)
            fail_msg("\"%s\": %s, expected CARC_EPARSE", BAD[i].text, carc_status_name(st));
        /* the same status without the message, and *out untouched */
        assert_int_equal(carc_move_parse(&m, BAD[i].text), CARC_EPARSE);
        assert_memory_equal(&m, &keep, sizeof m);
        assert_non_null(memchr(msg, '\0', sizeof msg));
        for (size_t k = 0; k < 3 && BAD[i].says[k]; k++)
            if (!strstr(msg, BAD[i].says[k]))
                fail_msg("\"%s\": the message \"%s\" does not say \"%s\"", BAD[i].text, msg, BAD[i].says[k]);
        /* a message, short enough to read on one line */
        assert_true(strlen(msg) > 10 && strlen(msg) < 220);
        /* cut to the buffer, snprintf style, nothing written past it */
        char small[8];
        memset(small, GUARD, sizeof small);
        assert_int_equal(carc_move_parse_msg(&m, BAD[i].text, small, 5), CARC_EPARSE);
        assert_int_equal(strlen(small), 4);
        assert_memory_equal(small, msg, 4);
        for (size_t k = 5; k < sizeof small; k++)
            assert_int_equal((unsigned char)small[k], GUARD);
        /* no buffer: the status alone */
        assert_int_equal(carc_move_parse_msg(&m, BAD[i].text, NULL, 0), CARC_EPARSE);
        assert_memory_equal(&m, &keep, sizeof m);
    }
}

static void parse_msg_arguments(void **state)
{
    (void)state;
    char msg[128];
    carc_move m, keep;
    memset(&m, GUARD, sizeof m);
    keep = m;
    assert_int_equal(carc_move_parse_msg(NULL, "D 1 0 0 -", msg, sizeof msg), CARC_EINVAL);
    assert_string_equal(msg, "NULL out");
    assert_int_equal(carc_move_parse_msg(&m, NULL, msg, sizeof msg), CARC_EINVAL);
    assert_string_equal(msg, "NULL text");
    assert_int_equal(carc_move_parse_msg(NULL, NULL, NULL, 0), CARC_EINVAL);
    /* msg NULL with room claimed: refused, nothing read or written */
    assert_int_equal(carc_move_parse_msg(&m, "D 1 0 0 -", NULL, 10), CARC_EINVAL);
    assert_memory_equal(&m, &keep, sizeof m);
    /* success: the move of carc_move_parse, an empty message */
    carc_move want;
    assert_int_equal(carc_move_parse(&want, "D 1 0 90 road:S"), CARC_OK);
    memset(msg, GUARD, sizeof msg);
    assert_int_equal(carc_move_parse_msg(&m, "D 1 0 90 road:S", msg, sizeof msg), CARC_OK);
    assert_memory_equal(&m, &want, sizeof m);
    assert_string_equal(msg, "");
    assert_int_equal(carc_move_parse_msg(&m, "pass", msg, 1), CARC_OK);
    assert_string_equal(msg, "");
    assert_int_equal(carc_move_parse_msg(&m, "pass", NULL, 0), CARC_OK);
    assert_int_equal(m.kind, CARC_MOVE_PASS);
}

/* Random texts made of the notation's words and noise: carc_move_parse_msg
 * gives carc_move_parse's status and move, and a message exactly when it
 * fails. */
static void parse_random_texts(void **state)
{
    (void)state;
    static const char *const WORDS[] = {
        "D", "E", "IC/CCCC", "RA", "TB/CR", "U", "V", "pass", "exit", "quarter", "count", "castle", "market", "0",
        "1", "-1", "90", "180", "270", "45", "x", "-", "road:N", "road:E", "city:N", "field:NNE", "field:interior",
        "cloister", "garden", "abbot/garden", "abbot/recall", "big/city:N", "builder/road:E", "pig/field:SSW", "seg:0",
        "seg:3", "big/seg:1", "big/castle", "hat/road:E", "road:Q", "", ":", "/", "d", "1a", "999999999",
    };
    const size_t nwords = sizeof WORDS / sizeof WORDS[0];
    uint64_t seed = 0x9E3779B97F4A7C15u;
    unsigned ok = 0, bad = 0;
    for (int i = 0; i < 40000; i++) {
        char text[160] = "";
        size_t len = 0;
        int n = (int)(tu_rand(&seed) % 7);
        for (int k = 0; k < n; k++) {
            const char *w = WORDS[tu_rand(&seed) % nwords];
            int wrote = snprintf(text + len, sizeof text - len, "%s%s", k ? (tu_rand(&seed) % 5 ? " " : "\t ") : "", w);
            if (wrote > 0 && (size_t)wrote < sizeof text - len)
                len += (size_t)wrote;
        }
        carc_move a, b;
        char msg[256];
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        memset(msg, GUARD, sizeof msg);
        carc_status sa = carc_move_parse(&a, text), sb = carc_move_parse_msg(&b, text, msg, sizeof msg);
        if (sa != sb)
            fail_msg("\"%s\": carc_move_parse %s, carc_move_parse_msg %s", text, carc_status_name(sa),
                     carc_status_name(sb));
        assert_memory_equal(&a, &b, sizeof a);
        if (sa == CARC_OK) {
            assert_string_equal(msg, "");
            ok++;
        } else {
            if (msg[0] == '\0')
                fail_msg("\"%s\": no message", text);
            bad++;
        }
    }
    assert_true(ok > 100 && bad > 1000);
}

/* Every move of random games (every module) reads back from its notation
 * with an empty message. */
static void parse_every_legal_move(void **state)
{
    (void)state;
    for (uint32_t set = 0; set < TU_ALL_MODULE_SETS; set += 7) {
        uint32_t modules = tu_all_modules(set);
        carc_game *g = tu_new_game_with(3, 100 + set, modules);
        carc_movelist *list = NULL;
        uint64_t seed = 1 + set;
        assert_int_equal(carc_movelist_new(&list, g), CARC_OK);
        for (int turn = 0; turn < 40 && !tu_over(g); turn++) {
            assert_int_equal(carc_game_legal_moves(list, g, 0), CARC_OK);
            size_t n = carc_movelist_count(list);
            const carc_move *mv = carc_movelist_data(list);
            for (size_t i = 0; i < n; i++) {
                char text[96], msg[128];
                carc_move back;
                assert_int_equal(carc_move_format(text, sizeof text, NULL, &mv[i]), CARC_OK);
                if (carc_move_parse_msg(&back, text, msg, sizeof msg) != CARC_OK)
                    fail_msg("\"%s\": %s", text, msg);
                assert_string_equal(msg, "");
                assert_memory_equal(&back, &mv[i], sizeof back);
            }
            carc_move pick = mv[tu_rand(&seed) % n];
            assert_int_equal(carc_game_play(g, &pick), CARC_OK);
        }
        carc_movelist_free(list);
        carc_game_free(g);
    }
}

/* ------------------------------------------------------------------ checking */

/* Moves to check in position g: the legal ones, and variations of them that
 * are mostly illegal (another cell, tile, rotation, segment, figure, kind,
 * quarter), a pass, and random bytes. Returns how many were written. */
static size_t candidate_moves(const carc_game *g, carc_movelist *list, uint64_t *seed, carc_move *out, size_t cap)
{
    size_t k = 0;
    carc_move pass = { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PASS, 0, 0 };
    out[k++] = pass;
    if (carc_game_legal_moves(list, g, 0) == CARC_OK) {
        size_t n = carc_movelist_count(list);
        const carc_move *mv = carc_movelist_data(list);
        for (size_t i = 0; i < 12 && n && k + 12 < cap; i++) {
            carc_move m = mv[tu_rand(seed) % n], v;
            out[k++] = m;
            v = m; v.x += (int32_t)(tu_rand(seed) % 5) - 2; out[k++] = v;
            v = m; v.y += 1 + (int32_t)(tu_rand(seed) % 3); out[k++] = v;
            v = m; v.rotation = (uint8_t)(tu_rand(seed) % 6); out[k++] = v;
            v = m; v.tile = (uint16_t)(tu_rand(seed) % (carc_tile_kind_count() + 2)); out[k++] = v;
            v = m; v.segment = (uint8_t)(tu_rand(seed) % 14); v.figure = (uint8_t)(tu_rand(seed) % 7); out[k++] = v;
            v = m; v.segment = CARC_SEGMENT_RECALL; v.figure = CARC_FIGURE_ABBOT; out[k++] = v;
            v = m; v.kind = (uint8_t)(tu_rand(seed) % 6); out[k++] = v;
            v = m; v.quarter = (uint8_t)(tu_rand(seed) % 5); out[k++] = v;
            v = m; v.reserved = 1; out[k++] = v;
            v = m; v.figure = CARC_FIGURE_NONE; v.segment = (uint8_t)(tu_rand(seed) % 3); out[k++] = v;
        }
    }
    while (k < cap) {
        carc_move r;
        uint64_t a = tu_rand(seed), b = tu_rand(seed);
        memcpy(&r, &a, 8);
        memcpy((char *)&r + 8, &b, 8);
        r.x %= 4;
        r.y %= 4;
        r.tile %= 120;
        r.kind %= 6;
        out[k++] = r;
    }
    return k;
}

/* In every position of random games with every module: check_move_msg gives
 * check_move's status, "" for a legal move, and for an illegal one exactly the
 * last-error text play leaves; neither check changes the game (hash, last
 * error). */
static void check_gives_play_reason(void **state)
{
    (void)state;
    unsigned illegal = 0, legal = 0;
    for (uint32_t set = 0; set < TU_ALL_MODULE_SETS; set += 3) {
        uint32_t modules = tu_all_modules(set);
        carc_game *g = tu_new_game_with(2 + set % 3, 7 * set + 1, modules);
        carc_movelist *list = NULL;
        uint64_t seed = 0xC0FFEEu + set;
        assert_int_equal(carc_movelist_new(&list, g), CARC_OK);
        for (int turn = 0; turn < 200; turn++) {
            carc_move cand[160];
            size_t n = candidate_moves(g, list, &seed, cand, sizeof cand / sizeof cand[0]);
            for (size_t i = 0; i < n; i++) {
                char msg[256], before[256];
                uint64_t h0 = 0, h1 = 0;
                assert_int_equal(carc_game_hash(&h0, g), CARC_OK);
                snprintf(before, sizeof before, "%s", carc_game_last_error(g));
                memset(msg, GUARD, sizeof msg);
                carc_status s1 = carc_game_check_move(g, &cand[i]);
                carc_status s2 = carc_game_check_move_msg(g, &cand[i], msg, sizeof msg);
                assert_int_equal(s1, s2);
                assert_non_null(memchr(msg, '\0', sizeof msg));
                /* const: no last-error text written, nothing changed */
                assert_string_equal(carc_game_last_error(g), before);
                assert_int_equal(carc_game_hash(&h1, g), CARC_OK);
                assert_true(h0 == h1);
                if (s1 == CARC_OK) {
                    assert_string_equal(msg, "");
                    legal++;
                    continue;
                }
                illegal++;
                if (msg[0] == '\0')
                    fail_msg("modules 0x%x turn %d: check_move_msg gave %s and no reason", modules, turn,
                             carc_status_name(s1));
                /* play refuses it with the same status and leaves the same text */
                carc_status sp = carc_game_play(g, &cand[i]);
                assert_int_equal(sp, s1);
                if (strcmp(carc_game_last_error(g), msg) != 0)
                    fail_msg("modules 0x%x turn %d, %s: check_move_msg says \"%s\", play \"%s\"", modules, turn,
                             carc_status_name(s1), msg, carc_game_last_error(g));
                assert_int_equal(carc_game_hash(&h1, g), CARC_OK);
                assert_true(h0 == h1);
                /* cut to the buffer */
                char small[8];
                memset(small, GUARD, sizeof small);
                assert_int_equal(carc_game_check_move_msg(g, &cand[i], small, 6), s1);
                assert_int_equal(strlen(small), strlen(msg) < 5 ? strlen(msg) : 5);
                assert_memory_equal(small, msg, strlen(small));
                assert_int_equal((unsigned char)small[6], GUARD);
                assert_int_equal(carc_game_check_move_msg(g, &cand[i], NULL, 0), s1);
            }
            if (tu_over(g))
                break;
            assert_int_equal(carc_game_legal_moves(list, g, 0), CARC_OK);
            carc_move pick = carc_movelist_data(list)[tu_rand(&seed) % carc_movelist_count(list)];
            assert_int_equal(carc_game_play(g, &pick), CARC_OK);
        }
        carc_movelist_free(list);
        carc_game_free(g);
    }
    print_message("%u illegal and %u legal moves checked\n", illegal, legal);
    assert_true(illegal > 10000 && legal > 1000);
}

static void check_msg_arguments(void **state)
{
    (void)state;
    carc_game *g = tu_new_game(2, 5);
    carc_move m;
    char msg[64];
    memset(&m, 0, sizeof m);
    assert_int_equal(carc_move_parse(&m, "A 5 5 0 -"), CARC_OK);
    assert_int_equal(carc_game_check_move_msg(NULL, &m, msg, sizeof msg), CARC_EINVAL);
    assert_string_equal(msg, "NULL game");
    assert_int_equal(carc_game_check_move_msg(NULL, NULL, NULL, 0), CARC_EINVAL);
    /* a NULL move: the text play leaves */
    assert_int_equal(carc_game_check_move_msg(g, NULL, msg, sizeof msg), CARC_EINVAL);
    assert_int_equal(carc_game_play(g, NULL), CARC_EINVAL);
    assert_string_equal(msg, carc_game_last_error(g));
    /* msg NULL with room claimed: refused, nothing written */
    assert_int_equal(carc_game_check_move_msg(g, &m, NULL, 10), CARC_EINVAL);
    /* the game over: the same reason as play */
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_int_equal(carc_game_check_move_msg(g, &m, msg, sizeof msg), CARC_EGAME_OVER);
    assert_int_equal(carc_game_play(g, &m), CARC_EGAME_OVER);
    assert_string_equal(msg, carc_game_last_error(g));
    assert_string_equal(msg, "the game is over");
    carc_game_free(g);
}

/* The text of a parsed move that the game refuses: "(5,5) touches no tile". */
static void check_says_why(void **state)
{
    (void)state;
    carc_game *g = tu_new_game(2, 5);
    uint32_t tile = 0;
    char text[64], msg[160];
    carc_move m;
    assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
    snprintf(text, sizeof text, "%s 5 5 0 -", carc_tile_name(tile));
    assert_int_equal(carc_move_parse_msg(&m, text, msg, sizeof msg), CARC_OK);
    assert_int_equal(carc_game_check_move_msg(g, &m, msg, sizeof msg), CARC_EILLEGAL);
    assert_string_equal(msg, "(5,5) touches no tile");
    snprintf(text, sizeof text, "%s 0 0 0 -", carc_tile_name(tile));
    assert_int_equal(carc_move_parse_msg(&m, text, msg, sizeof msg), CARC_OK);
    assert_int_equal(carc_game_check_move_msg(g, &m, msg, sizeof msg), CARC_EILLEGAL);
    assert_string_equal(msg, "(0,0) already holds a tile");
    carc_game_free(g);
}

/* The unknown-tile message lists the catalogue's families by hand: every
 * tile name of the catalogue must belong to one it names. */
static void unknown_tile_names_every_family(void **state)
{
    (void)state;
    carc_move m;
    char msg[512];
    assert_int_equal(carc_move_parse_msg(&m, "Q7 1 0 0 -", msg, sizeof msg), CARC_EPARSE);
    for (uint32_t k = 0; k < carc_tile_kind_count(); k++) {
        const char *name = carc_tile_name(k);
        size_t n = strlen(name);
        char family[16] = "";
        if (n == 1 && name[0] >= 'A' && name[0] <= 'X')
            strcpy(family, "A..X");
        else if (n == 2 && name[0] == 'R' && name[1] >= 'A' && name[1] <= 'L')
            strcpy(family, "RA..RL");
        else if (n == 3 && strcmp(name + 1, ".g") == 0)
            strcpy(family, name); /* each garden copy by its name */
        else if (strncmp(name, "IC/", 3) == 0 || strncmp(name, "TB/", 3) == 0)
            snprintf(family, sizeof family, "%.3s...", name);
        else if (strncmp(name, "CO/", 3) == 0)
            strcpy(family, "CO/1..CO/12");
        if (!family[0] || !strstr(msg, family))
            fail_msg("tile %s: no family of the message covers it: %s", name, msg);
    }
}

/* The recall segment: the encoding's rule (the abbot's alone: EINVAL) comes
 * after the game's state (over: EGAME_OVER) and before the rules (no abbot
 * in play, or none on the board: EILLEGAL), with or without the Abbot. */
static void recall_segment_order(void **state)
{
    (void)state;
    char msg[256];
    for (int abbot = 0; abbot < 2; abbot++) {
        carc_game *g = tu_new_game_with(2, 5, CARC_MODULE_FARMERS | (abbot ? CARC_MODULE_ABBOT : 0u));
        uint32_t tile = 0;
        assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
        carc_movelist *pl = NULL;
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        assert_int_equal(carc_game_placements(pl, g, tile, 0), CARC_OK);
        carc_move m = carc_movelist_data(pl)[0]; /* a legal placement */
        carc_movelist_free(pl);
        m.figure = CARC_FIGURE_FOLLOWER;
        m.segment = CARC_SEGMENT_RECALL;
        assert_int_equal(carc_game_check_move_msg(g, &m, msg, sizeof msg), CARC_EINVAL);
        assert_string_equal(msg, "only the abbot can be recalled");
        m.figure = CARC_FIGURE_ABBOT;
        assert_int_equal(carc_game_check_move_msg(g, &m, msg, sizeof msg), CARC_EILLEGAL);
        assert_int_equal(carc_game_end(g), CARC_OK);
        m.figure = CARC_FIGURE_FOLLOWER;
        assert_int_equal(carc_game_check_move(g, &m), CARC_EGAME_OVER);
        assert_int_equal(carc_game_play(g, &m), CARC_EGAME_OVER);
        carc_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_messages),
        cmocka_unit_test(parse_long_words),
        cmocka_unit_test(parse_msg_arguments),
        cmocka_unit_test(parse_random_texts),
        cmocka_unit_test(parse_every_legal_move),
        cmocka_unit_test(check_msg_arguments),
        cmocka_unit_test(check_says_why),
        cmocka_unit_test(check_gives_play_reason),
        cmocka_unit_test(unknown_tile_names_every_family),
        cmocka_unit_test(recall_segment_order),
    };
    return cmocka_run_group_tests_name("engine.messages", tests, NULL, NULL);
}
