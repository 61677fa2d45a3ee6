/* SPDX-License-Identifier: MIT */
/*
 * The SVG picture: how each piece looks (render_internal.h), as markup
 * centred on its origin, written once for the board, the quarters of the
 * City and the key; and the players' colours (palette.h).
 */
#include "render/render_internal.h"
#include "render/palette.h"

/* A follower: the meeple. */
const char carci_svg_meeple[] =
    "M-3.5 -7.5A5 5 0 1 1 3.5 -7.5L11 -4Q13.5 -2.5 12 1L5 1L9.5 11H2L0 6L-2 11H-9.5L-5 1L-12 1Q-13.5 -2.5 -11 -4Z";

/* The abbot: a hooded figure in a long habit with a cross; taller and
 * narrower than a follower. */
const char carci_svg_abbot[] = "M-4.6 -8.6A4.6 4.6 0 1 1 4.6 -8.6A4.6 4.6 0 1 1 -4.6 -8.6Z"
                               "M-4.5 -3.2Q0 -5.4 4.5 -3.2L7.5 2L10.5 11.5H-10.5L-7.5 2Z";
const char carci_svg_abbot_cross[] = "M0 -1.5V8M-3.5 1.5H3.5";

/* The builder (Traders & Builders): a stocky figure with a hammer raised in
 * its hand; shorter and broader than a follower. */
const char carci_svg_builder[] = "M-4.4 -8A4.4 4.4 0 1 1 4.4 -8A4.4 4.4 0 1 1 -4.4 -8Z"
                                 "M-7 -2.5H7L9 4H5L6.5 11H1L0 7L-1 11H-6.5L-5 4H-9Z";
const char carci_svg_hammer[] = "M6 0L11 -9M8 -12L14 -6";

/* The pig (Traders & Builders): a pig seen from the side, with a snout, an
 * ear, four legs and a curly tail. */
const char carci_svg_pig[] = "M-11 -1Q-11 -8 -2 -8Q6 -8 9 -4L13 -3Q15 0 13 2L9 3Q7 7 3 7V10H0V7H-5V10H-8V6Q-11 4 -11 -1Z"
                             "M5 -7L7 -12L9 -6Z";
const char carci_svg_pig_tail[] = "M-11 -2Q-15 -4 -13 -6Q-11 -7 -13 -9";

/* A garden: a square of hedge with flowers. */
const char carci_svg_garden[] =
    "<rect class=\"hedge\" x=\"-12\" y=\"-12\" width=\"24\" height=\"24\" rx=\"7\"/>"
    "<circle cx=\"-5\" cy=\"-5\" r=\"3.5\"/><circle cx=\"5\" cy=\"-5\" r=\"3.5\"/>"
    "<circle cx=\"-5\" cy=\"5\" r=\"3.5\"/><circle cx=\"5\" cy=\"5\" r=\"3.5\"/><circle class=\"heart\" r=\"3\"/>";

/* An inn: a house with a red roof and a pond beside it (about 26 x 20). */
const char carci_svg_inn[] = "<ellipse class=\"pond\" cx=\"8\" cy=\"6\" rx=\"7\" ry=\"4.5\"/>"
                             "<rect class=\"house\" x=\"-12\" y=\"-3\" width=\"14\" height=\"11\"/>"
                             "<path class=\"roof\" d=\"M-14 -2L-5 -10L4 -2Z\"/>"
                             "<rect class=\"door\" x=\"-7\" y=\"2\" width=\"4\" height=\"6\"/>";

/* A cathedral: a nave with a gable and a rose window between two towers with
 * spires (about 38 x 40). */
#define CATHEDRAL \
    "<rect x=\"-12\" y=\"-6\" width=\"24\" height=\"20\"/>" \
    "<rect x=\"-19\" y=\"-14\" width=\"8\" height=\"28\"/><rect x=\"11\" y=\"-14\" width=\"8\" height=\"28\"/>" \
    "<path class=\"spire\" d=\"M-20 -14L-15 -25L-10 -14ZM10 -14L15 -25L20 -14Z\"/>" \
    "<path d=\"M-11 -6L0 -16L11 -6Z\"/><circle class=\"rose\" cy=\"0\" r=\"4\"/>" \
    "<path class=\"door\" d=\"M-3.5 14V8Q0 4 3.5 8V14Z\"/>"
const char carci_svg_cathedral[] = CATHEDRAL;

/* A monastery: a chapel with a red roof, a door and a cross (in tile
 * coordinates: the middle of a tile). */
const char carci_svg_monastery[] = "<rect x=\"34\" y=\"40\" width=\"32\" height=\"26\"/>"
                                   "<path class=\"roof\" d=\"M30 42L50 24L70 42Z\"/>"
                                   "<rect class=\"door\" x=\"46\" y=\"54\" width=\"8\" height=\"12\"/>"
                                   "<path class=\"cross\" d=\"M50 12V24M45 16H55\"/>";

/* Goods symbols (Traders & Builders), each on a round token about 20 units
 * across: wine a bunch of grapes with a leaf, grain a sheaf of ears, cloth a
 * bolt of cloth with its loose end. */
#define TOKEN "<circle class=\"token\" r=\"10\"/>"
const char *const carci_svg_good_name[CARC_GOOD_COUNT] = { "wine", "grain", "cloth" };
const char *const carci_svg_good[CARC_GOOD_COUNT] = {
    TOKEN "<path class=\"leaf\" d=\"M0 -6Q4 -10 7 -7Q4 -4 0 -6Z\"/>"
          "<circle cx=\"-3.2\" cy=\"-2.5\" r=\"2.4\"/><circle cx=\"1.6\" cy=\"-2.5\" r=\"2.4\"/>"
          "<circle cx=\"-0.8\" cy=\"1.6\" r=\"2.4\"/><circle cx=\"4\" cy=\"1.6\" r=\"2.4\"/>"
          "<circle cx=\"1.6\" cy=\"5.6\" r=\"2.4\"/>",
    TOKEN "<path class=\"stalk\" d=\"M0 8V-3M0 8L-5 -2M0 8L5 -2\"/>"
          "<ellipse cx=\"0\" cy=\"-5\" rx=\"2\" ry=\"3.6\"/>"
          "<ellipse cx=\"-5.4\" cy=\"-4\" rx=\"2\" ry=\"3.4\" transform=\"rotate(-25 -5.4 -4)\"/>"
          "<ellipse cx=\"5.4\" cy=\"-4\" rx=\"2\" ry=\"3.4\" transform=\"rotate(25 5.4 -4)\"/>",
    TOKEN "<path class=\"bolt\" d=\"M-7 -4H3V5H-7Z\"/><path class=\"bolt\" d=\"M3 -4L7 -1V8L3 5Z\"/>"
          "<path class=\"fold\" d=\"M-7 -1H3M-7 2H3\"/>",
};

/* The signs of the quarters of the City (about 28 x 28): a castle with three
 * towers, a market stall under a striped awning, an anvil with a hammer, a
 * church with two towers (the cathedral of Inns & Cathedrals, smaller). */
const char *const carci_svg_quarter_sign[4] = {
    "<path d=\"M-13 13V-5H-9V-9H-5V-5H-3V-12H3V-5H5V-9H9V-5H13V13Z\"/>"
    "<path class=\"door\" d=\"M-4 13V7Q0 2 4 7V13Z\"/>",
    "<rect x=\"-12\" y=\"-2\" width=\"24\" height=\"14\"/><path class=\"awning\" d=\"M-14 -2L-10 -11H10L14 -2Z\"/>"
    "<path class=\"stripe\" d=\"M-5 -11L-7 -2M0 -11V-2M5 -11L7 -2\"/>",
    "<path d=\"M-14 -3H8Q14 -3 14 2H4L2 5V8H7V12H-7V8H-2V5L-6 1H-14Z\"/>"
    "<path class=\"hammer\" d=\"M-6 -7L2 -15M-1 -18L5 -12\"/>",
    "<g transform=\"scale(0.75)\">" CATHEDRAL "</g>"
};

/* The Count: a robed figure with a golden crown. */
const char carci_svg_count[] = "<path class=\"robe\" d=\"M-4 -8A5 5 0 1 1 4 -8L9 -3L7 12H-7L-9 -3Z\"/>"
                               "<path class=\"crown\" d=\"M-5 -15V-20L-2.5 -17L0 -21L2.5 -17L5 -20V-15Z\"/>";

/* The spring of the River: a pool with two waves. */
void carci_svg_spring(carci_text *o, int x, int y)
{
    carci_text_fmt(o, "<g class=\"spring\" transform=\"translate(%d %d)\"><circle r=\"11\"/>"
                      "<path d=\"M-6 -1Q-3 -5 0 -1T6 -1M-4 4Q-2 1 0 4T4 4\"/></g>", x, y);
}

/* ---------------------------------------------------------------- the players' colours */

static const char *const player_fill[CARCI_PLAYER_COLORS] = CARCI_PLAYER_FILLS;
static const char *const player_name[CARCI_PLAYER_COLORS] = CARCI_PLAYER_NAMES;

const char *carci_svg_fill(uint32_t player)
{
    return player_fill[player % CARCI_PLAYER_COLORS];
}

/* A figure's outline: light on the black player's figure. */
const char *carci_svg_stroke(uint32_t player)
{
    return (player % CARCI_PLAYER_COLORS) == 3 ? "#e8e8e8" : "#101010";
}

const char *carci_svg_player_name(uint32_t player)
{
    return player_name[player % CARCI_PLAYER_COLORS];
}
