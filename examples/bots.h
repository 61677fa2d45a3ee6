/*
 * Example bots for libcarcassonne: a random bot and a greedy one-ply bot.
 * Used by carc-demo and carc-bot-match. Public API only.
 *
 * The names here use the prefix `bot_`, not `carc_`, which belongs to the
 * library.
 */
#ifndef CARC_EXAMPLES_BOTS_H
#define CARC_EXAMPLES_BOTS_H

#include <carcassonne/carcassonne.h>

typedef enum bot_kind {
    BOT_RANDOM = 0, /* a uniformly random legal move (passes included) */
    BOT_GREEDY = 1  /* the best move by a one-ply evaluation */
} bot_kind;

typedef struct bot bot;

/** "random" or "greedy". */
const char *bot_kind_name(bot_kind kind);

/** Parse "random" or "greedy". Returns 0 on success, -1 otherwise. */
int bot_kind_parse(bot_kind *out, const char *text);

/**
 * A bot playing `game` (which it does not keep). Its choices depend only on
 * the position and on `seed`, which seeds the bot's own random number
 * generator (ties between equally good moves, the random bot's moves).
 * Returns NULL when out of memory.
 */
bot *bot_new(bot_kind kind, uint64_t seed, const carc_game *game);

void bot_free(bot *b);

bot_kind bot_get_kind(const bot *b);

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
