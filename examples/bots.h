/* SPDX-License-Identifier: MIT */
/*
 * Example bots for libcarcassonne: a random bot, the library's immediate
 * policy as a bot, a heuristic one-ply bot and a Monte Carlo tree search bot
 * (mcts.h). Used by carc-demo and carc-bot-match. Public API only.
 *
 * Two one-ply bots, two names (0.2.0; both were "greedy" before):
 *  - "immediate": the library's CARC_POLICY_IMMEDIATE (search.h), the move
 *    that gains the most points now; the bot of the Python binding's
 *    Policy.IMMEDIATE and of the web page's "immediate";
 *  - "heuristic": this file's evaluation, which also values open features,
 *    figures in supply and the Count's decisions (bots.c): far stronger
 *    (examples/README.md gives the points each scores against itself).
 * "greedy" names neither and is refused (bot_spec_hint says why).
 *
 * The names here use the prefix `bot_`, not `carc_`, which belongs to the
 * library.
 */
#ifndef CARC_EXAMPLES_BOTS_H
#define CARC_EXAMPLES_BOTS_H

#include <carcassonne/carcassonne.h>

typedef enum bot_kind {
    BOT_RANDOM = 0,    /* a uniformly random legal move (passes included) */
    BOT_HEURISTIC = 1, /* the best move by a one-ply evaluation (bots.c) */
    BOT_MCTS = 2,      /* Monte Carlo tree search (mcts.h) */
    BOT_IMMEDIATE = 3  /* the library's CARC_POLICY_IMMEDIATE (carc_playout_choose) */
} bot_kind;

/* A bot and its settings, as the programs' --bot options name it. */
typedef struct bot_spec {
    bot_kind kind;
    uint32_t budget;    /* mcts: iterations (playouts) per move (0 with `seconds`) */
    double seconds;     /* mcts: time per move instead of a budget, 0: none */
    uint32_t policy;    /* mcts: the playouts' policy (carc_policy) */
    bool pure;          /* mcts: no evaluation: playouts to the end, no priors */
    uint32_t depth;     /* mcts with the evaluation: playout moves before it */
} bot_spec;

/* The default budget of "mcts" (playouts per move). */
#define BOT_MCTS_BUDGET 300

typedef struct bot bot;

/** "random", "immediate", "heuristic" or "mcts". */
const char *bot_kind_name(bot_kind kind);

/** Parse "random", "immediate", "heuristic" or "mcts". Returns 0 on success,
 * -1 otherwise ("greedy" included). */
int bot_kind_parse(bot_kind *out, const char *text);

/**
 * Parse a bot: "random", "immediate", "heuristic", or "mcts" followed by
 * settings, each after a colon, in any order:
 *   N          N iterations a move, 1..10000000 (default BOT_MCTS_BUDGET)
 *   Nms        N milliseconds a move instead
 *   pure       plain UCT: playouts to the end of the game, no evaluation
 *              (default: the heuristic bot's evaluation gives priors to the
 *              children of a node and values the leaves; see bots.c)
 *   dN         with the evaluation: N playout moves before it (default 0)
 *   random     the playouts' policy: CARC_POLICY_RANDOM (the default)
 *   immediate  ... CARC_POLICY_IMMEDIATE
 * e.g. "mcts:200", "mcts:50ms", "mcts:2000:pure", "mcts:100:d2:immediate".
 * "greedy" is refused, as a bot and as a policy (bot_spec_hint).
 * Returns 0 on success, -1 otherwise (*out unchanged).
 */
int bot_spec_parse(bot_spec *out, const char *text);

/** What a bot spec `text` that bot_spec_parse refused should have been, for
 * a message "--bot wants <hint>, not '<text>'": for a spec with "greedy" the
 * two names that replace it ("heuristic", "immediate") and what each is,
 * else the bot names. A static string. */
const char *bot_spec_hint(const char *text);

/** The spec as bot_spec_parse reads it ("heuristic", "mcts:200", "mcts:50ms:pure") into buf. */
const char *bot_spec_format(char *buf, size_t cap, const bot_spec *spec);

/**
 * A bot as `spec` says (see bot_new). Returns NULL when out of memory or
 * when the spec is not valid.
 */
bot *bot_new_spec(const bot_spec *spec, uint64_t seed, const carc_game *game);

/**
 * A bot playing `game` (which it does not keep). Its choices depend only on
 * the position and on `seed`, which seeds the bot's own random number
 * generator (ties between equally good moves, the random bot's moves).
 * Returns NULL when out of memory.
 */
bot *bot_new(bot_kind kind, uint64_t seed, const carc_game *game);

void bot_free(bot *b);

bot_kind bot_get_kind(const bot *b);

/** Processor seconds (clock()) spent in bot_choose so far, and the number of its calls (moves chosen). */
double bot_seconds(const bot *b, uint64_t *moves);

/**
 * Choose a move for the player who decides now in `game` (carc_pending.player:
 * with the Count of Carcassonne not always the player whose turn it is), one
 * of carc_game_legal_moves. The game is not changed.
 * Returns CARC_OK, CARC_EGAME_OVER, or whatever error the library reported.
 */
carc_status bot_choose(bot *b, const carc_game *game, carc_move *out);

/** A small seeded generator (splitmix64), for callers that need one too. */
uint64_t bot_rng_next(uint64_t *state);

/** A uniform number in [0, n), n > 0. */
uint32_t bot_rng_below(uint64_t *state, uint32_t n);

#endif
