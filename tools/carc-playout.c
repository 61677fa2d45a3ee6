/* SPDX-License-Identifier: MIT */
/*
 * carc-playout: play a seeded game with random legal moves and print its
 * record (carc_game_save). For demos, test data and the fuzzing corpus.
 *
 *   carc-playout [--players N] [--seed S] [--moves M] [--svg FILE] [--modules LIST] [--no-farmers]
 *
 * --moves stops after M moves (default: play to the end). The same seed gives
 * the same game. --svg also writes the final board as an SVG picture.
 * --modules takes a list for carc_modules_parse ("river,abbot,inns"; default:
 * the base game with farmers), or `all` for every module (with the Count and
 * the River the library lays the spring at its default place beside the City,
 * CARC_DEFAULT_START_TILE); --no-farmers leaves the farmers out.
 * --players is 2..5, or 2..6 with Inns & Cathedrals (the options check says
 * what is wrong).
 * A move is any legal answer to the pending decision (carc_game_legal_moves):
 * with the Count also the moves out of the City, into a quarter, of the Count,
 * and the passes.
 */
#include <carcassonne/carcassonne.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int usage(void)
{
    fprintf(stderr, "usage: carc-playout [--players N] [--seed S] [--moves M] [--svg FILE] [--modules LIST] "
                    "[--no-farmers]\n"
                    "  --modules LIST  e.g. river,abbot,count,inns,traders, or all (default: the base\n"
                    "                  game with farmers)\n"
                    "  --players N     2..5, or 2..6 with inns (default 2)\n");
    return 2;
}

static bool parse_num(const char *s, unsigned long long *out)
{
    char *end;
    errno = 0;
    *out = strtoull(s, &end, 10);
    return errno == 0 && end != s && *end == '\0' && s[0] != '-';
}

/* Write the text produced by an snprintf-style renderer to `f`. */
static int write_rendered(FILE *f, carc_status (*fn)(char *, size_t, size_t *, const carc_game *),
                          const carc_game *g)
{
    size_t need = 0;
    char *buf;
    if (fn(NULL, 0, &need, g) != CARC_EBUFFER && need != 0)
        return -1;
    buf = malloc(need + 1);
    if (buf == NULL || fn(buf, need + 1, NULL, g) != CARC_OK) {
        free(buf);
        return -1;
    }
    fputs(buf, f);
    free(buf);
    return 0;
}

static carc_status render_svg(char *b, size_t cap, size_t *need, const carc_game *g)
{
    return carc_game_render_svg(b, cap, need, g, 0);
}

int main(int argc, char **argv)
{
    carc_game_options opts;
    carc_game *g = NULL;
    carc_movelist *ml = NULL;
    unsigned long long players = 2, seed = 1, max_moves = ~0ull, v;
    const char *svg = NULL;
    bool no_farmers = false;
    uint64_t rng;
    unsigned long long played = 0;
    carc_status st;
    int i, rc = 1;

    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--no-farmers") == 0) {
            no_farmers = true;
        } else if (i + 1 < argc && strcmp(argv[i], "--modules") == 0) {
            if (carc_modules_parse(&opts.modules, argv[++i]) != CARC_OK) {
                fprintf(stderr, "carc-playout: --modules: cannot read '%s' (known: farmers, river, abbot, count, "
                                "inns, traders, all)\n",
                        argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && strcmp(argv[i], "--svg") == 0) {
            svg = argv[++i];
        } else if (i + 1 < argc && parse_num(argv[i + 1], &v) &&
                   (strcmp(argv[i], "--players") == 0 || strcmp(argv[i], "--seed") == 0 ||
                    strcmp(argv[i], "--moves") == 0)) {
            if (strcmp(argv[i], "--players") == 0)
                players = v;
            else if (strcmp(argv[i], "--seed") == 0)
                seed = v;
            else
                max_moves = v;
            i++;
        } else {
            return usage();
        }
    }
    if (no_farmers)
        opts.modules &= ~(uint32_t)CARC_MODULE_FARMERS;
    opts.players = (uint32_t)players;
    opts.seed = seed;
    rng = seed ^ 0x5eed5eed5eedull;
    {
        char msg[160];
        if (carc_game_options_check(&opts, msg, sizeof msg) != CARC_OK) {
            fprintf(stderr, "carc-playout: %s\n", msg);
            return 2;
        }
    }
    st = carc_game_new(&g, &opts);
    if (st == CARC_OK)
        st = carc_movelist_new(&ml, g);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-playout: %s\n", carc_status_str(st));
        goto out;
    }
    for (;;) {
        bool over = false;
        size_t n;
        carc_move mv;
        if (carc_game_is_over(&over, g) != CARC_OK || over || played >= max_moves)
            break;
        st = carc_game_legal_moves(ml, g, 0);
        n = carc_movelist_count(ml);
        if (st != CARC_OK || n == 0) {
            fprintf(stderr, "carc-playout: no legal move: %s\n", carc_status_str(st));
            goto out;
        }
        carc_movelist_get(&mv, ml, (size_t)(splitmix64(&rng) % n));
        st = carc_game_play(g, &mv);
        if (st != CARC_OK) {
            fprintf(stderr, "carc-playout: %s: %s\n", carc_status_str(st), carc_game_last_error(g));
            goto out;
        }
        played++;
    }
    if (write_rendered(stdout, carc_game_save, g) != 0) {
        fprintf(stderr, "carc-playout: cannot save the game\n");
        goto out;
    }
    if (svg != NULL) {
        FILE *f = fopen(svg, "w");
        if (f == NULL || write_rendered(f, render_svg, g) != 0) {
            fprintf(stderr, "carc-playout: cannot write %s\n", svg);
            if (f != NULL)
                fclose(f);
            goto out;
        }
        if (fclose(f) != 0)
            goto out;
    }
    rc = 0;
out:
    carc_movelist_free(ml);
    carc_game_free(g);
    return rc;
}
