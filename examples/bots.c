/* SPDX-License-Identifier: MIT */
/*
 * Example bots for libcarcassonne (see bots.h).
 *
 * The MCTS bot ("mcts", bot_spec_parse) is the search of mcts.c with the
 * heuristic bot's evaluation below plugged in (mcts_options.evaluate: every
 * player's value as the heuristic bot computes it): the children of a node are
 * valued by it (5 prior visits each), and so are the leaves; exploration
 * 0.1, the reward the margin alone (score_weight 1, scale 20 points), the
 * k-th visits of the root's moves paired on the same draws. "mcts:...:pure"
 * is plain UCT with playouts to the end (exploration 0.25, reward half win,
 * half margin).
 *
 * The immediate bot is the library's policy CARC_POLICY_IMMEDIATE
 * (carc_playout_choose): the move that gains the most points now, less the
 * most an opponent gains by it; it is what the Python binding and the web
 * page call "immediate".
 *
 * The heuristic bot (called "greedy" before 0.2.0) tries every legal move on
 * a scratch copy of the game
 * (carc_game_copy without the undo history once per turn, then carc_game_play +
 * carc_game_undo for each move) and keeps the move with the best evaluation:
 *
 *   value(p) = score(p)
 *            + for every feature where p holds a majority of the figures,
 *              an estimate of what it will be worth (its current
 *              carc_game_feature value plus a guess at completion)
 *            + a value for each follower still in p's supply, higher for the
 *              last ones, falling to nothing as the draw pile runs out
 *
 *            + with the Abbot, a value for the abbot in supply (it falls to
 *              nothing as the draw pile runs out too)
 *
 *            + with Inns & Cathedrals, a value for the big follower in supply
 *              (a little above a follower's while p has plenty of them, below
 *              the last ones'; it falls to nothing as the pile runs out)
 *
 *   With Inns & Cathedrals majorities are counted by strength: the big
 *   follower counts as two followers (so p "holds" a feature where its
 *   strength wins or ties, and a feature it shares with a big follower of an
 *   opponent may be lost). The bot therefore considers the big follower
 *   wherever it wins or ties a majority: on a new feature as a follower would
 *   go, where the big follower's strength turns a tie (or a loss) after a
 *   join into a win, and, since its value in supply is above a spare
 *   follower's, mostly once its followers run low. Nothing else about it is
 *   special (one-ply, no look-ahead to joins).
 *
 *   With Traders & Builders the builder and the pig count nothing in a
 *   majority; a majority holder with his pig in a field expects 4 a city
 *   instead of 3; each goods majority a player leads is worth most of its 10
 *   points; a builder on the board and a second tile about to be placed are
 *   worth a few points (so the bot takes its second tiles and places its
 *   builder where it has a follower).
 *
 *   With the Count of Carcassonne a follower in a quarter of the City is
 *   worth a little (`city_follower`, `city_big`; half under the Count), so
 *   that of two moves out of the City the one with the plain follower wins.
 *
 *   evaluation = value(me) - max over opponents of value(opponent)
 *
 * The Count's decisions are not tried one by one but answered by rules of
 * thumb, each choosing among the legal moves (carc_game_legal_moves):
 *  - out of the City (during the scoring of a tile, and in the final round):
 *    only an exit that wins or ties the majority of its feature (or turns a
 *    tie into a win), onto a feature worth points; among those the best by
 *    the evaluation above; otherwise the pass. During play the features are
 *    the ones being scored, in the final round the unfinished ones and the
 *    fields (market).
 *  - into a quarter: always, when offered, a follower (the big follower only
 *    when no follower is left), into the quarter whose features are likely
 *    to score: the most estimated value in features of its kind that hold an
 *    opponent's figures (castle: cities, blacksmith: roads, cathedral:
 *    monasteries, market: fields, with farmers only), half for the quarter
 *    under the Count, a small preference castle > blacksmith > market >
 *    cathedral when nothing stands out.
 *  - the Count: to the quarter where the opponents have the most strength
 *    in followers against the bot's own (blocking them), unless the Count
 *    already stands on such a quarter (then the pass).
 *
 * The moves tried are every legal answer to the pending decision
 * (carc_game_legal_moves): placements with their figure actions, the abbot's
 * recall, and a pass where the decision is optional. A recall is valued by
 * its immediate points (they are in the score after the move) plus the abbot
 * back in supply, against what the abbot's monastery or garden was expected
 * to bring had it stayed. Ties are broken by the bot's own seeded generator.
 */
#include "bots.h"
#include "mcts.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BOT_MAX_PLAYERS 8

/* The knobs of the evaluation (tuned with heuristic-against-heuristic matches). */
typedef struct bot_weights {
    double road_growth;      /* expected extra tiles of an open road */
    double city_chance[5];   /* chance to complete a city with 1, 2, 3, 4, 5+ open edges */
    double city_growth;      /* expected extra value of a city that gets completed */
    double monastery_chance; /* share of the missing neighbours expected to come */
    double field_growth;     /* expected extra value of a field */
    double supply[4];        /* value of the last, 2nd-last, 3rd-last, and any other follower */
    double horizon;          /* own turns left that count as "plenty of time" */
    double abbot_supply;     /* value of the abbot in supply (with the Abbot) */
    double big_supply;       /* value of the big follower in supply (with Inns & Cathedrals) */
    double builder_board;    /* Traders & Builders: a builder on the board (second tiles to come) */
    double second_tile;      /* ... the second tile about to be placed */
    double goods_lead;       /* ... share of the 10 points a goods lead is expected to keep */
    double city_follower;    /* the Count: a follower in a quarter of the City */
    double city_big;         /* ... the big follower in a quarter */
    double quarter_prior[4]; /* ... preference between the quarters when no feature stands out */
} bot_weights;

static const bot_weights default_weights = {
    1.0, {0.75, 0.55, 0.35, 0.2, 0.2}, 2.0, 0.8, -1.5, {6.0, 4.0, 3.0, 2.5}, 8.0, 3.0, 3.5, 3.0, 4.0, 0.8,
    0.5, 0.75, {0.4, 0.2, 0.3, 0.1},
};

struct bot {
    bot_kind kind;
    const bot_weights *w;
    uint64_t rng;
    bool abbot;            /* the Abbot is in play */
    bool inns;             /* Inns & Cathedrals: the big follower, majorities by strength */
    bool traders;          /* Traders & Builders: goods, the builder, the pig */
    bool count;            /* the Count of Carcassonne: the City, its quarters, the Count */
    bool farmers;          /* fields are in play (the market's followers can leave) */
    carc_movelist *moves;
    mcts *mcts;            /* mcts: the search */
    carc_playout *runner;  /* immediate: the library's policy */
    double seconds;        /* time spent in bot_choose */
    uint64_t calls;        /* moves chosen */
    carc_game *scratch;    /* heuristic: a copy of the game to try moves on */
    uint32_t *features;    /* heuristic: distinct occupied features (scratch space) */
    size_t features_cap;
};

static const char *const kind_names[] = { "random", "heuristic", "mcts", "immediate" };

const char *bot_kind_name(bot_kind kind)
{
    return (unsigned)kind < sizeof kind_names / sizeof kind_names[0] ? kind_names[kind] : "random";
}

int bot_kind_parse(bot_kind *out, const char *text)
{
    if (out == NULL || text == NULL)
        return -1;
    for (unsigned k = 0; k < sizeof kind_names / sizeof kind_names[0]; k++)
        if (strcmp(text, kind_names[k]) == 0) {
            *out = (bot_kind)k;
            return 0;
        }
    return -1; /* "greedy" too: see bot_spec_hint */
}

const char *bot_spec_hint(const char *text)
{
    if (text != NULL && strstr(text, "greedy") != NULL)
        return "heuristic (the one-ply evaluation bot of bots.c, called greedy before 0.2.0) or immediate "
               "(the library's policy CARC_POLICY_IMMEDIATE: the most points now; in mcts:N:immediate the "
               "playouts' policy)";
    return "random, immediate, heuristic, mcts, mcts:N or mcts:Nms (see --help)";
}

/* A whole decimal number in [1, 10000000] at *p, ending at ':', '\0' or "ms"; advances *p. */
static int spec_number(uint32_t *out, const char **p)
{
    char *end = NULL;
    unsigned long long v;
    if (!isdigit((unsigned char)**p))
        return -1;
    errno = 0;
    v = strtoull(*p, &end, 10);
    if (errno != 0 || v == 0 || v > 10000000)
        return -1;
    *out = (uint32_t)v;
    *p = end;
    return 0;
}

int bot_spec_parse(bot_spec *out, const char *text)
{
    bot_spec spec;
    const char *p;

    if (out == NULL || text == NULL)
        return -1;
    memset(&spec, 0, sizeof spec);
    spec.budget = BOT_MCTS_BUDGET;
    spec.policy = CARC_POLICY_RANDOM;
    if (strncmp(text, "mcts", 4) != 0 || (text[4] != '\0' && text[4] != ':')) {
        if (bot_kind_parse(&spec.kind, text) != 0)
            return -1;
        *out = spec;
        return 0;
    }
    spec.kind = BOT_MCTS;
    p = text + 4;
    while (*p == ':') {
        uint32_t n = 0;
        size_t len;
        p++;
        len = strcspn(p, ":");
        if (isdigit((unsigned char)*p)) {
            if (spec_number(&n, &p) != 0)
                return -1;
            if (strncmp(p, "ms", 2) == 0) {
                spec.budget = 0;
                spec.seconds = (double)n / 1000.0;
                p += 2;
            } else {
                spec.budget = n;
                spec.seconds = 0.0;
            }
            if (*p != ':' && *p != '\0')
                return -1;
        } else if (*p == 'd' && isdigit((unsigned char)p[1])) {
            p++;
            if (spec_number(&n, &p) != 0 || (*p != ':' && *p != '\0'))
                return -1;
            spec.depth = n;
        } else if (len == 4 && strncmp(p, "pure", 4) == 0) {
            spec.pure = true;
            p += len;
        } else if (len == 6 && strncmp(p, "random", 6) == 0) {
            spec.policy = CARC_POLICY_RANDOM;
            p += len;
        } else if (len == 9 && strncmp(p, "immediate", 9) == 0) {
            spec.policy = CARC_POLICY_IMMEDIATE;
            p += len;
        } else {
            return -1;
        }
    }
    if (*p != '\0')
        return -1;
    *out = spec;
    return 0;
}

const char *bot_spec_format(char *buf, size_t cap, const bot_spec *spec)
{
    char depth[24] = "";
    const char *policy = spec->policy == CARC_POLICY_IMMEDIATE ? ":immediate" : "";
    if (cap == 0)
        return buf;
    if (spec->kind != BOT_MCTS) {
        snprintf(buf, cap, "%s", bot_kind_name(spec->kind));
        return buf;
    }
    if (!spec->pure && spec->depth > 0)
        snprintf(depth, sizeof depth, ":d%u", (unsigned)spec->depth);
    if (spec->budget == 0)
        snprintf(buf, cap, "mcts:%.0fms%s%s%s", spec->seconds * 1000.0, spec->pure ? ":pure" : "", depth, policy);
    else
        snprintf(buf, cap, "mcts:%u%s%s%s", (unsigned)spec->budget, spec->pure ? ":pure" : "", depth, policy);
    return buf;
}

static int mcts_values(void *ud, const carc_game *g, double *values, uint32_t players);

/* Processor time of the program (clock(): not the wall clock, which other
 * programs on a busy machine would inflate). */
static double cpu_seconds(void)
{
    return (double)clock() / (double)CLOCKS_PER_SEC;
}

uint64_t bot_rng_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

uint32_t bot_rng_below(uint64_t *state, uint32_t n)
{
    return (uint32_t)(((bot_rng_next(state) >> 32) * (uint64_t)n) >> 32);
}

bot *bot_new(bot_kind kind, uint64_t seed, const carc_game *game)
{
    bot_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.kind = kind;
    spec.budget = BOT_MCTS_BUDGET;
    spec.policy = CARC_POLICY_RANDOM;
    return bot_new_spec(&spec, seed, game);
}

bot *bot_new_spec(const bot_spec *spec, uint64_t seed, const carc_game *game)
{
    bot *b;
    if (spec == NULL || game == NULL)
        return NULL;
    b = calloc(1, sizeof *b);
    if (b == NULL)
        return NULL;
    b->kind = spec->kind;
    b->w = &default_weights;
    b->rng = seed;
    (void)bot_rng_next(&b->rng);
    {
        carc_game_options opts;
        memset(&opts, 0, sizeof opts);
        b->abbot = carc_game_options_get(&opts, game) == CARC_OK && (opts.modules & CARC_MODULE_ABBOT) != 0;
        b->inns = (opts.modules & CARC_MODULE_INNS) != 0;
        b->traders = (opts.modules & CARC_MODULE_TRADERS) != 0;
        b->count = (opts.modules & CARC_MODULE_COUNT) != 0;
        b->farmers = (opts.modules & CARC_MODULE_FARMERS) != 0;
    }
    if (carc_movelist_new(&b->moves, game) != CARC_OK) {
        free(b);
        return NULL;
    }
    if (spec->kind == BOT_MCTS) {
        mcts_options o;
        mcts_options_init(&o);
        o.budget = spec->budget;
        o.seconds = spec->seconds;
        o.policy = spec->policy;
        o.seed = bot_rng_next(&b->rng);
        if (spec->pure) {
            o.exploration = 0.25;
            o.score_weight = 0.5;
        } else {
            o.evaluate = mcts_values;
            o.evaluate_ud = b;
            o.playout_moves = spec->depth;
            o.prior_visits = 5.0;
            o.exploration = 0.1;
            o.score_weight = 1.0;
        }
        if (mcts_new(&b->mcts, game, &o) != CARC_OK) {
            bot_free(b);
            return NULL;
        }
    }
    return b;
}

void bot_free(bot *b)
{
    if (b == NULL)
        return;
    carc_movelist_free(b->moves);
    mcts_free(b->mcts);
    carc_playout_free(b->runner);
    carc_game_free(b->scratch);
    free(b->features);
    free(b);
}

bot_kind bot_get_kind(const bot *b)
{
    return b->kind;
}

double bot_seconds(const bot *b, uint64_t *moves)
{
    if (moves != NULL)
        *moves = b->calls;
    return b->seconds;
}

/* ---- evaluation ---------------------------------------------------------- */

static double clamp01(double v)
{
    return v < 0.0 ? 0.0 : (v > 1.0 ? 1.0 : v);
}

/*
 * What a feature holding figures is likely to be worth to its majority
 * holders. `time` is 1 with plenty of tiles left and falls to 0 as the draw
 * pile empties.
 */
static double feature_estimate(const bot_weights *w, const carc_feature_info *f, double time)
{
    double v = (double)f->value;
    double p;

    switch (f->kind) {
    case CARC_SEG_ROAD:
        /* Completed or not, a road scores 1 a tile; an open one may grow. */
        return v + (f->open_edges > 0 ? w->road_growth * time : 0.0);
    case CARC_SEG_CITY:
        /* Completing doubles the value; the more open edges, the less likely. */
        if (f->open_edges == 0)
            return v;
        p = w->city_chance[f->open_edges < 5 ? f->open_edges - 1 : 4] * time;
        return v + p * (v + w->city_growth);
    case CARC_SEG_MONASTERY:
    case CARC_SEG_GARDEN:
        /* 1 + neighbours now; 9 once surrounded. */
        return v + (9.0 - v) * w->monastery_chance * time;
    case CARC_SEG_FIELD:
        /* 3 a completed city now, maybe more later; the farmer never returns,
         * so an empty field is not worth a follower until late in the game. */
        return v + w->field_growth * time;
    default:
        return v;
    }
}

/* The value of the followers in supply: the last ones are worth most. */
static double supply_estimate(const bot_weights *w, uint32_t supply, double time)
{
    double total = 0.0;
    for (uint32_t k = 1; k <= supply; k++)
        total += w->supply[k < 4 ? k - 1 : 3];
    return total * time;
}

static int remember_feature(bot *b, size_t *n, uint32_t feature)
{
    for (size_t i = 0; i < *n; i++)
        if (b->features[i] == feature)
            return 0;
    if (*n == b->features_cap) {
        size_t cap = b->features_cap ? 2 * b->features_cap : 64;
        uint32_t *p = realloc(b->features, cap * sizeof *p);
        if (p == NULL)
            return 0;
        b->features = p;
        b->features_cap = cap;
    }
    b->features[(*n)++] = feature;
    return 1;
}

/* Majority weight of a figure kind: a follower or an abbot 1, the big
 * follower 2, the builder and the pig 0. */
static uint32_t figure_strength(uint32_t figure)
{
    return figure == CARC_FIGURE_BIG ? 2u : figure == CARC_FIGURE_BUILDER || figure == CARC_FIGURE_PIG ? 0u : 1u;
}

/* Traders & Builders: the goods majorities the players lead (10 each, at
 * the end), a builder on the board (second tiles to come) and a second tile
 * about to be placed. */
static void traders_estimate(const bot *b, const carc_game *g, uint32_t players, double time, double *value)
{
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++) {
        uint32_t have[BOT_MAX_PLAYERS] = {0}, best = 0;
        for (uint32_t p = 0; p < players; p++) {
            carc_game_goods(&have[p], g, p, k);
            if (have[p] > best)
                best = have[p];
        }
        for (uint32_t p = 0; best > 0 && p < players; p++)
            if (have[p] == best)
                value[p] += 10.0 * b->w->goods_lead;
    }
    for (uint32_t p = 0; p < players; p++) {
        uint32_t builders = 1;
        carc_game_figure_supply(&builders, g, p, CARC_FIGURE_BUILDER);
        if (builders == 0)
            value[p] += b->w->builder_board * time;
    }
    carc_pending pd;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    if (carc_game_pending(&pd, g) == CARC_OK && (pd.flags & CARC_PENDING_SECOND_TILE) && pd.player < players)
        value[pd.player] += b->w->second_tile;
}

/* The Count: the followers in the quarters of the City (half under the Count). */
static void city_estimate(const bot *b, const carc_game *g, uint32_t players, double *value)
{
    uint32_t count = 0;
    carc_game_count(&count, g);
    for (uint32_t q = 0; q < 4; q++) {
        double share = q == count ? 0.5 : 1.0;
        for (uint32_t p = 0; p < players; p++) {
            uint32_t n = 0, big = 0;
            carc_game_city(&n, g, q, p, CARC_FIGURE_FOLLOWER);
            carc_game_city(&big, g, q, p, CARC_FIGURE_BIG);
            value[p] += share * (b->w->city_follower * (double)n + b->w->city_big * (double)big);
        }
    }
}

/* The value of every player in `g` (value[0..BOT_MAX_PLAYERS), zeroed first); returns the number of players. */
static uint32_t values_of(bot *b, const carc_game *g, double *value)
{
    uint32_t players = 0, remaining = 0, figures = 0;
    bool over = false;
    size_t nfeatures = 0;

    carc_game_players(&players, g);
    if (players > BOT_MAX_PLAYERS)
        players = BOT_MAX_PLAYERS;
    for (uint32_t p = 0; p < players; p++) {
        int32_t s = 0;
        carc_game_score(&s, g, p);
        value[p] = (double)s;
    }

    carc_game_is_over(&over, g);
    if (!over) {
        double time;
        carc_game_remaining(&remaining, g);
        time = clamp01((double)remaining / (b->w->horizon * (double)players));

        for (uint32_t p = 0; p < players; p++) {
            uint32_t supply = 0, abbots = 0, bigs = 0;
            carc_game_supply(&supply, g, p);
            value[p] += supply_estimate(b->w, supply, time);
            if (b->abbot && carc_game_figure_supply(&abbots, g, p, CARC_FIGURE_ABBOT) == CARC_OK)
                value[p] += b->w->abbot_supply * (double)abbots * time;
            if (b->inns && carc_game_figure_supply(&bigs, g, p, CARC_FIGURE_BIG) == CARC_OK)
                value[p] += b->w->big_supply * (double)bigs * time;
        }

        carc_game_figure_count(&figures, g);
        for (uint32_t i = 0; i < figures; i++) {
            carc_figure_info fig;
            carc_feature_info f;
            uint32_t counts[BOT_MAX_PLAYERS] = {0};
            uint32_t best = 0;
            double est;

            memset(&fig, 0, sizeof fig);
            fig.struct_size = sizeof fig;
            if (carc_game_figure(&fig, g, i) != CARC_OK)
                continue;
            if (!remember_feature(b, &nfeatures, fig.feature))
                continue; /* already counted (or no memory: skip it) */
            memset(&f, 0, sizeof f);
            f.struct_size = sizeof f;
            if (carc_game_feature(&f, g, fig.feature) != CARC_OK)
                continue;
            /* majorities by strength: a big follower counts two, a builder or a pig nothing */
            uint32_t pigs = 0;
            for (uint32_t k = 0; k < figures; k++) {
                carc_figure_info other;
                memset(&other, 0, sizeof other);
                other.struct_size = sizeof other;
                if (carc_game_figure(&other, g, k) != CARC_OK || other.feature != fig.feature ||
                    other.player >= BOT_MAX_PLAYERS)
                    continue;
                counts[other.player] += figure_strength(other.figure);
                if (other.figure == CARC_FIGURE_PIG)
                    pigs |= 1u << other.player;
            }
            for (uint32_t p = 0; p < players; p++)
                if (counts[p] > best)
                    best = counts[p];
            if (best == 0)
                continue;
            est = feature_estimate(b->w, &f, time);
            for (uint32_t p = 0; p < players; p++)
                if (counts[p] == best) /* a pig: 4 a city instead of 3 */
                    value[p] += (pigs >> p) & 1u ? est * 4.0 / 3.0 : est;
        }
        if (b->traders)
            traders_estimate(b, g, players, time, value);
        if (b->count)
            city_estimate(b, g, players, value);
    }

    return players;
}

/* value(me) - max value(opponent) in `g`, for player `me`. */
static double evaluate(bot *b, const carc_game *g, uint32_t me)
{
    double value[BOT_MAX_PLAYERS] = {0};
    uint32_t players = values_of(b, g, value);

    {
        double best_opponent = 0.0;
        int first = 1;
        for (uint32_t p = 0; p < players; p++) {
            if (p == me)
                continue;
            if (first || value[p] > best_opponent)
                best_opponent = value[p];
            first = 0;
        }
        return value[me] - best_opponent;
    }
}

/* The evaluation for the MCTS bot (mcts_evaluate_fn): the players' values. */
static int mcts_values(void *ud, const carc_game *g, double *values, uint32_t players)
{
    double value[BOT_MAX_PLAYERS] = {0};
    uint32_t n = values_of(ud, g, value);
    for (uint32_t p = 0; p < players; p++)
        values[p] = p < n ? value[p] : 0.0;
    return 0;
}

/* Make b->scratch a copy of `game`. */
static carc_status sync_scratch(bot *b, const carc_game *game)
{
    if (b->scratch != NULL && carc_game_copy(b->scratch, game, CARC_CLONE_NO_HISTORY) == CARC_OK)
        return CARC_OK;
    carc_game_free(b->scratch);
    b->scratch = NULL;
    return carc_game_clone(&b->scratch, game, CARC_CLONE_NO_HISTORY);
}

/* ---- the Count's decisions ----------------------------------------------- */

/* Majority strength of each player on `feature` (strength[p] for p < players). */
static void feature_strengths(const carc_game *g, uint32_t feature, uint32_t players, uint32_t *strength)
{
    uint32_t figures = 0;
    for (uint32_t p = 0; p < players; p++)
        strength[p] = 0;
    carc_game_figure_count(&figures, g);
    for (uint32_t i = 0; i < figures; i++) {
        carc_figure_info fig;
        memset(&fig, 0, sizeof fig);
        fig.struct_size = sizeof fig;
        if (carc_game_figure(&fig, g, i) == CARC_OK && fig.feature == feature && fig.player < players)
            strength[fig.player] += figure_strength(fig.figure);
    }
}

static uint32_t best_opponent(const uint32_t *strength, uint32_t players, uint32_t me)
{
    uint32_t best = 0;
    for (uint32_t p = 0; p < players; p++)
        if (p != me && strength[p] > best)
            best = strength[p];
    return best;
}

/* Keep candidate i with value v (reservoir sampling among equal values). */
static void consider(bot *b, size_t i, double v, size_t *chosen, uint32_t *ties, double *best)
{
    if (*ties == 0 || v > *best + 1e-9) {
        *best = v;
        *chosen = i;
        *ties = 1;
    } else if (v > *best - 1e-9) {
        (*ties)++;
        if (bot_rng_below(&b->rng, *ties) == 0)
            *chosen = i;
    }
}

/* The index of the pass in `moves`, or 0 when there is none. */
static size_t pass_index(const carc_move *moves, size_t n)
{
    for (size_t i = n; i-- > 0;)
        if (moves[i].kind == CARC_MOVE_PASS)
            return i;
    return 0;
}

/* Out of the City: an exit that wins or ties its feature's majority (or turns
 * a tie into a win) on a feature worth points, the best of them by the
 * evaluation; else the pass. */
static carc_status heuristic_exit(bot *b, const carc_game *game, const carc_move *moves, size_t n, uint32_t me,
                               carc_move *out)
{
    uint32_t players = 0, strength[BOT_MAX_PLAYERS], ties = 0;
    size_t chosen = pass_index(moves, n);
    double best = 0.0;
    bool synced = false;

    carc_game_players(&players, game);
    if (players > BOT_MAX_PLAYERS)
        players = BOT_MAX_PLAYERS;
    for (size_t i = 0; i < n; i++) {
        const carc_move *m = &moves[i];
        uint32_t feature = 0, mine, others;
        carc_feature_info f;

        if (m->kind != CARC_MOVE_EXIT || carc_game_feature_at(&feature, game, m->x, m->y, m->segment) != CARC_OK)
            continue;
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        if (carc_game_feature(&f, game, feature) != CARC_OK || f.value <= 0)
            continue;
        feature_strengths(game, feature, players, strength);
        mine = strength[me];
        others = best_opponent(strength, players, me);
        if (mine > others || mine + figure_strength(m->figure) < others)
            continue; /* held already, or still lost after the exit */
        if (!synced) {
            carc_status st = sync_scratch(b, game);
            if (st != CARC_OK)
                return st;
            synced = true;
        }
        if (carc_game_play(b->scratch, m) != CARC_OK)
            continue;
        consider(b, i, evaluate(b, b->scratch, me), &chosen, &ties, &best);
        if (carc_game_undo(b->scratch) != CARC_OK) {
            carc_status st = sync_scratch(b, game);
            if (st != CARC_OK)
                return st;
        }
    }
    *out = moves[chosen];
    return CARC_OK;
}

/* The quarter (carc_quarter) whose followers leave for features of `kind`,
 * or -1. */
static int quarter_of_kind(const bot *b, uint32_t kind)
{
    switch (kind) {
    case CARC_SEG_CITY: return CARC_QUARTER_CASTLE;
    case CARC_SEG_FIELD: return b->farmers ? CARC_QUARTER_MARKET : -1;
    case CARC_SEG_ROAD: return CARC_QUARTER_BLACKSMITH;
    case CARC_SEG_MONASTERY: return CARC_QUARTER_CATHEDRAL;
    default: return -1;
    }
}

/* Into a quarter: always, a follower before the big follower, into the
 * quarter whose features holding opponents' figures are worth the most. */
static carc_status heuristic_quarter(bot *b, const carc_game *game, const carc_move *moves, size_t n, uint32_t me,
                                  carc_move *out)
{
    double score[4], best = 0.0, time;
    uint32_t players = 0, figures = 0, remaining = 0, count = 0, ties = 0, strength[BOT_MAX_PLAYERS];
    size_t nfeatures = 0, chosen = pass_index(moves, n);
    bool follower = false;

    carc_game_players(&players, game);
    if (players > BOT_MAX_PLAYERS)
        players = BOT_MAX_PLAYERS;
    carc_game_remaining(&remaining, game);
    time = clamp01((double)remaining / (b->w->horizon * (double)players));
    for (uint32_t q = 0; q < 4; q++)
        score[q] = b->w->quarter_prior[q];
    if (!b->farmers)
        score[CARC_QUARTER_MARKET] = 0.0;
    carc_game_figure_count(&figures, game);
    for (uint32_t i = 0; i < figures; i++) {
        carc_figure_info fig;
        carc_feature_info f;
        int q;
        memset(&fig, 0, sizeof fig);
        fig.struct_size = sizeof fig;
        if (carc_game_figure(&fig, game, i) != CARC_OK || fig.player == me
            || !remember_feature(b, &nfeatures, fig.feature))
            continue; /* own figures, or a feature already counted */
        memset(&f, 0, sizeof f);
        f.struct_size = sizeof f;
        if (carc_game_feature(&f, game, fig.feature) != CARC_OK || (q = quarter_of_kind(b, f.kind)) < 0)
            continue;
        feature_strengths(game, fig.feature, players, strength);
        if (best_opponent(strength, players, me) > 0)
            score[q] += feature_estimate(b->w, &f, time);
    }
    if (carc_game_count(&count, game) == CARC_OK && count < 4)
        score[count] *= 0.5;
    for (size_t i = 0; i < n; i++)
        follower = follower || (moves[i].kind == CARC_MOVE_QUARTER && moves[i].figure == CARC_FIGURE_FOLLOWER);
    for (size_t i = 0; i < n; i++) {
        const carc_move *m = &moves[i];
        if (m->kind != CARC_MOVE_QUARTER || m->quarter >= 4 || (follower && m->figure != CARC_FIGURE_FOLLOWER))
            continue;
        consider(b, i, score[m->quarter], &chosen, &ties, &best);
    }
    *out = moves[chosen];
    return CARC_OK;
}

/* The Count: to the quarter where the opponents have the most strength against
 * the bot's own, unless it stands on such a quarter already. */
static carc_status heuristic_count(bot *b, const carc_game *game, const carc_move *moves, size_t n, uint32_t me,
                                carc_move *out)
{
    double score[4] = { 0.0, 0.0, 0.0, 0.0 }, best = 0.0;
    uint32_t players = 0, count = 0, ties = 0;
    size_t chosen = pass_index(moves, n);

    carc_game_players(&players, game);
    carc_game_count(&count, game);
    for (uint32_t q = 0; q < 4; q++)
        for (uint32_t p = 0; p < players; p++) {
            uint32_t k = 0, big = 0;
            carc_game_city(&k, game, q, p, CARC_FIGURE_FOLLOWER);
            carc_game_city(&big, game, q, p, CARC_FIGURE_BIG);
            score[q] += (p == me ? -1.0 : 1.0) * (double)(k + 2 * big);
        }
    for (size_t i = 0; i < n; i++) {
        const carc_move *m = &moves[i];
        if (m->kind == CARC_MOVE_COUNT && m->quarter < 4 && (count >= 4 || score[m->quarter] > score[count]))
            consider(b, i, score[m->quarter], &chosen, &ties, &best);
    }
    *out = moves[chosen];
    return CARC_OK;
}

static carc_status choose_heuristic(bot *b, const carc_game *game, carc_move *out)
{
    const carc_move *moves;
    size_t n, chosen = 0;
    uint32_t me = 0, ties = 0;
    double best = 0.0;
    carc_status st;

    st = carc_game_legal_moves(b->moves, game, CARC_ENUM_UNIQUE_ROTATIONS);
    if (st != CARC_OK)
        return st;
    n = carc_movelist_count(b->moves);
    moves = carc_movelist_data(b->moves);
    if (n == 0)
        return CARC_EGAME_OVER;
    if (n == 1) {
        *out = moves[0];
        return CARC_OK;
    }
    {
        /* the player who decides (with the Count not always the one whose turn it is) */
        carc_pending pd;
        memset(&pd, 0, sizeof pd);
        pd.struct_size = sizeof pd;
        carc_game_pending(&pd, game);
        me = pd.player;
        if (pd.decision == CARC_DECISION_EXIT)
            return heuristic_exit(b, game, moves, n, me, out);
        if (pd.decision == CARC_DECISION_QUARTER)
            return heuristic_quarter(b, game, moves, n, me, out);
        if (pd.decision == CARC_DECISION_COUNT)
            return heuristic_count(b, game, moves, n, me, out);
    }
    st = sync_scratch(b, game);
    if (st != CARC_OK)
        return st;

    for (size_t i = 0; i < n; i++) {
        double v;
        if (carc_game_play(b->scratch, &moves[i]) != CARC_OK)
            continue;
        v = evaluate(b, b->scratch, me);
        if (carc_game_undo(b->scratch) != CARC_OK) {
            st = sync_scratch(b, game);
            if (st != CARC_OK)
                return st;
        }
        /* Equal within rounding: a tie, broken by reservoir sampling. */
        consider(b, i, v, &chosen, &ties, &best);
    }
    if (ties == 0)
        return CARC_EILLEGAL; /* no move could be played: an engine problem */
    *out = moves[chosen];
    return CARC_OK;
}

/* The library's policy (carc_playout_choose), the bot's generator its state. */
static carc_status choose_immediate(bot *b, const carc_game *game, carc_move *out)
{
    if (b->runner == NULL && carc_playout_new(&b->runner, game) != CARC_OK)
        return CARC_ENOMEM;
    return carc_playout_choose(out, b->runner, game, CARC_POLICY_IMMEDIATE, &b->rng);
}

static carc_status choose_random(bot *b, const carc_game *game, carc_move *out)
{
    size_t n;
    carc_status st = carc_game_legal_moves(b->moves, game, 0);
    if (st != CARC_OK)
        return st;
    n = carc_movelist_count(b->moves);
    if (n == 0)
        return CARC_EGAME_OVER;
    return carc_movelist_get(out, b->moves, bot_rng_below(&b->rng, (uint32_t)n));
}

carc_status bot_choose(bot *b, const carc_game *game, carc_move *out)
{
    double start;
    carc_status st;
    if (b == NULL || game == NULL || out == NULL)
        return CARC_EINVAL;
    start = cpu_seconds();
    if (b->kind == BOT_MCTS)
        st = mcts_choose(b->mcts, game, out);
    else if (b->kind == BOT_HEURISTIC)
        st = choose_heuristic(b, game, out);
    else if (b->kind == BOT_IMMEDIATE)
        st = choose_immediate(b, game, out);
    else
        st = choose_random(b, game, out);
    b->seconds += cpu_seconds() - start;
    b->calls++;
    return st;
}
