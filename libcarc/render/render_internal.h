/* SPDX-License-Identifier: MIT */
/*
 * The render folder's one internal header: what the text picture (text_*.c)
 * and the SVG picture (svg_*.c) share (layout.c), and what the files of
 * each picture share among themselves. Public API only below this folder:
 * the renderers are clients of <carcassonne/carcassonne.h>, plus the text
 * buffer of util/ and the players' colours (palette.h).
 */
#ifndef CARCI_RENDER_INTERNAL_H
#define CARCI_RENDER_INTERNAL_H

#include <carcassonne/carcassonne.h>

#include "util/textbuf.h"

#define CARCI_MAX_SEG 16 /* segments of a tile the pictures draw */

/* ---------------------------------------------------------------- both pictures (layout.c) */

/* The flags both renderers take (render.h). */
#define CARCI_RENDER_FLAGS (CARC_RENDER_COLOR | CARC_RENDER_NO_LEGEND)

/* What both pictures read before they draw: the flags, the game's modules
 * (none if its options cannot be read) and players. */
typedef struct carci_render {
    const carc_game *game;
    uint32_t players;
    bool legend, color; /* not CARC_RENDER_NO_LEGEND; CARC_RENDER_COLOR */
    /* the game's rule elements (carc_modules_elements), and whether any of
     * a box's is in play: the box's styles and marks are drawn */
    uint32_t el;
    bool river, abbot, inns, traders, farmers;
} carci_render;

/* Check a renderer's arguments (CARC_EINVAL), read the above and start the
 * text `o` in the caller's buffer. */
carc_status carci_render_begin(carci_render *r, carci_text *o, char *buf, size_t cap, const carc_game *game,
                               uint32_t flags);

/* The segments of the placed tile `t` in board orientation (at most
 * CARCI_MAX_SEG; a segment that cannot be read has kind UINT32_MAX). */
bool carci_tile_segments(carc_segment_info si[CARCI_MAX_SEG], uint32_t *nseg, const carc_move *t);

/* Where a monastery beside a river goes: the side it moves to, or -1 for the
 * middle; and whether, moved west or east, it stands north of its own road. */
int carci_monastery_side(const carc_segment_info *si, uint32_t nseg);
bool carci_monastery_above_road(const carc_segment_info *si, uint32_t nseg, int side);

/* What a player holds besides his followers: each special figure in supply
 * (1) or on the board (0), and his goods tokens. */
typedef struct carci_holdings {
    uint32_t abbots, bigs, builders, pigs, goods[CARC_GOOD_COUNT];
} carci_holdings;

void carci_holdings_load(carci_holdings *h, const carc_game *game, uint32_t player);

/* The Count: the quadrants of a tile that are the walled city (bit k: 0
 * north-west, 1 north-east, 2 south-east, 3 south-west); a quarter's name
 * and the side of the walled city it is drawn on. */
uint32_t carci_coc_quadrants(const carc_segment_info *si, uint32_t nseg);
const char *carci_quarter_name(uint32_t q);
int carci_quarter_side(uint32_t q);

#define CARCI_CITY_PLAYERS 6

/* Who stands in the City: each player's followers and big follower in each
 * quarter, and the Count's quarter. `on` is false without the module. */
typedef struct carci_city {
    bool on;
    uint32_t count, players;
    uint32_t followers[4][CARCI_CITY_PLAYERS], big[4][CARCI_CITY_PLAYERS];
} carci_city;

void carci_city_load(carci_city *c, const carc_game *game);
/* The City in one line of words ("the city: castle: ...; the Count stands on the castle"); cap > 0. */
void carci_city_line(char *buf, size_t cap, const carci_city *c);
/* The Count's decision the game waits for, in words; false (and "") for none of his. */
bool carci_count_decision(char *buf, size_t cap, const carc_game *game);
/* Who decides now (the player a Count decision waits for), else the player to move. */
uint32_t carci_deciding_player(const carc_game *game);

/* ---------------------------------------------------------------- the text picture (text_*.c) */

#define TW 7 /* characters per tile, across */
#define TH 5 /* lines per tile */
#define MID_C 3
#define MID_R 2

/* What a character shows (chooses its colour). */
enum {
    K_EMPTY, K_FIELD, K_CITY, K_PENNANT, K_ROAD, K_VILLAGE, K_MONASTERY, K_RIVER, K_GARDEN, K_FIGURE,
    K_INN, K_CATHEDRAL, /* Inns & Cathedrals: marks no figure goes on */
    K_WINE, K_GRAIN, K_CLOTH, /* Traders & Builders: goods symbols in a city (K_WINE + carc_good) */
    K_COC, K_QUARTER, K_COUNT /* the Count: the walled city, a quarter's name, the Count */
};

/* A tile as characters. */
typedef struct tblock {
    char ch[TH][TW];
    unsigned char kind[TH][TW];
    signed char seg[TH][TW];      /* segment that owns the character, -1 for none */
    unsigned char player[TH][TW]; /* K_FIGURE: whose */
} tblock;

/* The block of the placed tile `t` with the figures on it (text_tile.c). */
void carci_text_tile(tblock *b, const carc_game *game, const carc_move *t);
/* A character of a city (its pennants and goods included). */
bool carci_text_is_city(int kind);

/* ---------------------------------------------------------------- the SVG picture (svg_*.c) */

#define SVG_T 100     /* a tile's side */
#define SVG_MARGIN 40 /* room for the coordinates */
#define SVG_PAD 16
#define SVG_ROW 30    /* a row of the legend */

/* One step of a path in canonical tile coordinates: move, line, quadratic curve, close. */
typedef struct carci_sop {
    char op;
    int x1, y1, x2, y2;
} carci_sop;

enum { SVG_CITY_ONE, SVG_CITY_CORNER, SVG_CITY_BAND, SVG_CITY_THREE, SVG_CITY_ALL, SVG_CITY_PAIR };

/* A city's shape: drawn in a canonical orientation, then turned. */
typedef struct carci_city_shape {
    const carci_sop *ops;
    size_t n;
    int form;           /* SVG_CITY_* */
    int turns;          /* quarter turns clockwise from the canonical shape */
    int fig_x, fig_y;   /* where a knight stands (canonical) */
    int pen_x, pen_y;   /* where the pennant hangs (canonical) */
    int good_x, good_y; /* where a goods symbol lies (canonical; no tile has pennants and goods) */
} carci_city_shape;

/* A placed tile and where its parts are drawn (svg_geometry.c). */
typedef struct carci_tile_geo {
    carc_move t;
    carc_segment_info si[CARCI_MAX_SEG];
    uint32_t nseg;
    int mon_side;       /* -1: the monastery (if any) stands in the middle; else the side it moved to */
    int mon_x, mon_y;   /* moved: the centre of the smaller building */
    bool mon_raised;    /* moved west or east, and north of its own road there */
    int lake_x, lake_y; /* the spring or the lake */
    int inn_x[CARCI_MAX_SEG], inn_y[CARCI_MAX_SEG]; /* Inns & Cathedrals: where the inn of road i stands */
    bool inns;          /* the tile has a road with an inn */
    bool corner_pair;   /* two cities in opposite corners (TB/CcCc.w): drawn as SVG_CITY_PAIR */
    uint32_t coc;       /* the Count: the quadrants that are the walled city (carci_coc_quadrants) */
} carci_tile_geo;

/* svg_geometry.c: a tile's shapes and spots (tile coordinates, 0..SVG_T) */
bool carci_svg_tile_load(carci_tile_geo *g, const carc_move *t);
carci_city_shape carci_svg_shape(const carci_tile_geo *g, const carc_segment_info *s);
void carci_svg_turn(int k, int *x, int *y);
void carci_svg_edge_mid(int side, int *x, int *y);
bool carci_svg_river_end(const carc_segment_info *si);
void carci_svg_road_spot(const carci_tile_geo *g, const carc_segment_info *s, int *x, int *y);
/* svg_geometry.c: point tests on a tile (board orientation): its cities
 * flattened into polygons, by segment; whether a point lies in one of them;
 * the squared distance from a point to a road or river. Where an inn stands
 * beside road `seg`. */
typedef struct carci_svg_poly {
    double x[96], y[96];
    int n;
} carci_svg_poly;
void carci_svg_city_polys(const carci_tile_geo *g, carci_svg_poly city[CARCI_MAX_SEG]);
bool carci_svg_in_city(const carci_tile_geo *g, const carci_svg_poly *city, double x, double y);
double carci_svg_road_dist2(const carc_segment_info *si, double x, double y);
void carci_svg_inn_spot(const carci_tile_geo *g, uint32_t seg, int *x, int *y);
/* svg_field.c: a spot with room on field `seg` (-1: on any field, where the
 * garden is drawn) */
void carci_svg_field_spot(const carci_tile_geo *g, int seg, int *x, int *y);

/* svg_pieces.c: each piece's markup, centred on its origin */
extern const char carci_svg_meeple[], carci_svg_abbot[], carci_svg_abbot_cross[], carci_svg_builder[],
    carci_svg_hammer[], carci_svg_pig[], carci_svg_pig_tail[], carci_svg_garden[], carci_svg_inn[],
    carci_svg_cathedral[], carci_svg_count[], carci_svg_monastery[];
extern const char *const carci_svg_good_name[CARC_GOOD_COUNT];
extern const char *const carci_svg_good[CARC_GOOD_COUNT];
extern const char *const carci_svg_quarter_sign[4];
void carci_svg_spring(carci_text *o, int x, int y);
/* A player's colours: fill, outline, and the cross on an abbot's habit. */
const char *carci_svg_fill(uint32_t player);
const char *carci_svg_stroke(uint32_t player);
const char *carci_svg_player_name(uint32_t player);

/* svg_tile.c, svg_figure.c, svg_city.c */
void carci_svg_tile(carci_text *o, const carci_tile_geo *g, int ox, int oy);
void carci_svg_figures(carci_text *o, const carc_game *game, int32_t min_x, int32_t min_y);

/* The box of the walled city, in picture coordinates, and its gates. */
typedef struct carci_city_box {
    bool on;
    int x0, y0, x1, y1;
    int gate_x[8], gate_y[8], gates;
} carci_city_box;

void carci_svg_coc_add(carci_city_box *b, const carci_tile_geo *g, int ox, int oy);
void carci_svg_coc(carci_text *o, const carci_city_box *b, const carci_city *city);

/* svg_legend.c: the scores, the key, the City in words, the decision */
typedef struct carci_svg_page {
    carci_render r;
    int32_t min_x, min_y, max_x, max_y;
    int board_w, board_h, width;
    bool over, decision;
    uint32_t leaders, turn, remaining;
    carci_city city;
    char city_line[640], decision_line[256];
} carci_svg_page;

int carci_svg_legend_rows(const carci_svg_page *pg);
int carci_svg_legend_width(const carci_svg_page *pg);
void carci_svg_legend(carci_text *o, const carci_svg_page *pg);

#endif
