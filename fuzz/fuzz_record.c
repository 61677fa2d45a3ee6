/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for carc_game_load (built by fuzz/run.sh, not by CMake).
 *
 * Any input must load or fail cleanly: on failure no game and a NUL-terminated
 * message naming the line; on success the game saves, and that record loads
 * again and saves to the same bytes, and both pictures render.
 *
 * Each line of the input is also read as a move in the move notation
 * (carc_move_parse): a move that parses formats, and its text parses back to
 * the same bytes and formats to the same text.
 */
#include <carcassonne/carcassonne.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *save(const carc_game *g)
{
    size_t need = 0;
    char *buf;
    if (carc_game_save(NULL, 0, &need, g) != CARC_EBUFFER)
        abort();
    buf = malloc(need + 1);
    if (buf == NULL || carc_game_save(buf, need + 1, NULL, g) != CARC_OK || strlen(buf) != need)
        abort();
    return buf;
}

static void render(carc_status (*fn)(char *, size_t, size_t *, const carc_game *, uint32_t), const carc_game *g)
{
    size_t need = 0;
    char *buf;
    if (fn(NULL, 0, &need, g, CARC_RENDER_COLOR) != CARC_EBUFFER)
        abort();
    buf = malloc(need + 1);
    if (buf == NULL || fn(buf, need + 1, NULL, g, CARC_RENDER_COLOR) != CARC_OK || strlen(buf) != need)
        abort();
    free(buf);
}

static void check_move_text(const char *text)
{
    carc_move m, back;
    char a[128], b[128];
    size_t need = 0;
    if (carc_move_parse(&m, text) != CARC_OK)
        return;
    if (carc_move_format(a, sizeof a, &need, &m) != CARC_OK || strlen(a) != need)
        abort();
    if (carc_move_parse(&back, a) != CARC_OK || memcmp(&back, &m, sizeof m) != 0)
        abort();
    if (carc_move_format(b, sizeof b, NULL, &back) != CARC_OK || strcmp(a, b) != 0)
        abort();
}

static void check_move_lines(const uint8_t *data, size_t size)
{
    char line[300];
    size_t i = 0, n = 0;
    for (; i <= size; i++) {
        if (i == size || data[i] == '\n' || data[i] == '\0' || n == sizeof line - 1) {
            line[n] = '\0';
            /* a record's entry line: the move after "place " */
            check_move_text(strncmp(line, "place ", 6) == 0 ? line + 6 : line);
            n = 0;
            continue;
        }
        line[n++] = (char)data[i];
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    carc_load_error err;
    carc_game *g = NULL, *again = NULL;
    carc_status st;
    char *first, *second;

    check_move_lines(data, size);
    memset(&err, 0x55, sizeof err);
    err.struct_size = sizeof err;
    st = carc_game_load(&g, (const char *)data, size, NULL, &err);
    if (st != CARC_OK) {
        char prefix[32];
        if (g != NULL || err.status != (int32_t)st || memchr(err.message, '\0', sizeof err.message) == NULL)
            abort();
        snprintf(prefix, sizeof prefix, "line %u: ", (unsigned)err.line);
        if (err.line > 0 && strncmp(err.message, prefix, strlen(prefix)) != 0)
            abort();
        return 0;
    }
    first = save(g);
    if (carc_game_load(&again, first, strlen(first), NULL, &err) != CARC_OK)
        abort();
    second = save(again);
    if (strcmp(first, second) != 0)
        abort();
    render(carc_game_render_text, g);
    render(carc_game_render_svg, g);
    free(first);
    free(second);
    carc_game_free(again);
    carc_game_free(g);
    return 0;
}
