/*
 * Example bots for libcarcassonne: a random bot, a greedy one-ply bot and a
 * Monte Carlo tree search bot (mcts.h). Used by carc-demo and carc-bot-match.
 * Public API only.
 *
 * The names here use the prefix `bot_`, not `carc_`, which belongs to the
 * library.
 */
#ifndef CARC_EXAMPLES_BOTS_H
#define CARC_EXAMPLES_BOTS_H

#include <carcassonne/carcassonne.h>

typedef enum bot_kind {
    BOT_RANDOM = 0, /* a uniformly random legal move (passes included) */
    BOT_GREEDY = 1, /* the best move by a one-ply evaluation */
    BOT_MCTS = 2    /* Monte Carlo tree search (mcts.h) */
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

/** "random", "greedy" or "mcts". */
const char *bot_kind_name(bot_kind kind);

/** Parse "random", "greedy" or "mcts". Returns 0 on success, -1 otherwise. */
int bot_kind_parse(bot_kind *out, const char *text);

/**
 * Parse a bot: "random", "greedy", or "mcts" followed by settings, each after
 * a colon, in any order:
 *   N       N iterations a move, 1..10000000 (default BOT_MCTS_BUDGET)
 *   Nms     N milliseconds a move instead
 *   pure    plain UCT: playouts to the end of the game, no evaluation
 *           (default: the greedy bot's evaluation gives priors to the
 *           children of a node and values the leaves; see bots.c)
 *   dN      with the evaluation: N playout moves before it (default 0)
 *   random  the playouts' policy: CARC_POLICY_RANDOM (the default)
 *   greedy  ... CARC_POLICY_GREEDY
 * e.g. "mcts:200", "mcts:50ms", "mcts:2000:pure", "mcts:100:d2:greedy".
 * Returns 0 on success, -1 otherwise.
 */
int bot_spec_parse(bot_spec *out, const char *text);

/** The spec as bot_spec_parse reads it ("greedy", "mcts:200", "mcts:50ms:pure") into buf. */
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
