/* SPDX-License-Identifier: MIT */
/*
 * abi_dump: print every enumerator, #define and struct layout of the public
 * headers that the Python binding mirrors (the tile game and the Dice Game),
 * one "name value" per line, so that test_constants.py can compare them with
 * _constants.py and _ffi.py
 * (libsodium's constcheck, done the other way round).
 *
 *   enum CARC_EINVAL -1
 *   sizeof carc_move 16
 *   offsetof carc_move.segment 10
 *   fieldsize carc_move.segment 1
 */
#include <carcassonne/carcassonne.h>

#include <stddef.h>
#include <stdio.h>

#define ENUM(name) printf("enum %s %lld\n", #name, (long long)(name))
#define SIZE(type) printf("sizeof %s %zu\n", #type, sizeof(type))
#define OFF(type, field)                                                        \
    (printf("offsetof %s.%s %zu\n", #type, #field, offsetof(type, field)),       \
     printf("fieldsize %s.%s %zu\n", #type, #field, sizeof(((type *)0)->field)))

int main(void)
{
    /* common.h */
    ENUM(CARC_OK);
    ENUM(CARC_EINVAL);
    ENUM(CARC_ERANGE);
    ENUM(CARC_EVERSION);
    ENUM(CARC_EUNSUPPORTED);
    ENUM(CARC_EBUFFER);
    ENUM(CARC_ENOTFOUND);
    ENUM(CARC_EILLEGAL);
    ENUM(CARC_EPHASE);
    ENUM(CARC_EGAME_OVER);
    ENUM(CARC_ENO_UNDO);
    ENUM(CARC_ENOT_IN_BAG);
    ENUM(CARC_EPARSE);
    ENUM(CARC_EFORMAT);
    ENUM(CARC_ERECORD);
    ENUM(CARC_ENOMEM);
    ENUM(CARC_ELIMIT);
    /* tile.h */
    ENUM(CARC_EDGE_FIELD);
    ENUM(CARC_EDGE_ROAD);
    ENUM(CARC_EDGE_CITY);
    ENUM(CARC_EDGE_RIVER);
    ENUM(CARC_SEG_FIELD);
    ENUM(CARC_SEG_ROAD);
    ENUM(CARC_SEG_CITY);
    ENUM(CARC_SEG_MONASTERY);
    ENUM(CARC_SEG_GARDEN);
    ENUM(CARC_SEG_RIVER);
    ENUM(CARC_END_NONE);
    ENUM(CARC_END_VILLAGE);
    ENUM(CARC_END_CITY);
    ENUM(CARC_END_MONASTERY);
    ENUM(CARC_END_SPRING);
    ENUM(CARC_END_LAKE);
    ENUM(CARC_N);
    ENUM(CARC_E);
    ENUM(CARC_S);
    ENUM(CARC_W);
    ENUM(CARC_MODULE_FARMERS);
    ENUM(CARC_MODULE_RIVER);
    ENUM(CARC_MODULE_ABBOT);
    ENUM(CARC_MODULE_COUNT);
    ENUM(CARC_MODULE_INNS);
    ENUM(CARC_MODULE_TRADERS);
    ENUM(CARC_MODULE_INNS_TILES);
    ENUM(CARC_MODULE_BIG_FOLLOWER);
    ENUM(CARC_MODULE_INN);
    ENUM(CARC_MODULE_CATHEDRAL);
    ENUM(CARC_MODULE_TRADERS_TILES);
    ENUM(CARC_MODULE_GOODS);
    ENUM(CARC_MODULE_BUILDER);
    ENUM(CARC_MODULE_PIG);
    ENUM(CARC_MODULE_ABBOT_FIGURE);
    ENUM(CARC_MODULE_GARDENS);
    ENUM(CARC_SEGMENT_INN);
    ENUM(CARC_SEGMENT_CATHEDRAL);
    ENUM(CARC_SEGMENT_WINE);
    ENUM(CARC_SEGMENT_GRAIN);
    ENUM(CARC_SEGMENT_CLOTH);
    ENUM(CARC_SEGMENT_COC);
    /* game.h */
    ENUM(CARC_GAME_OPTIONS_VERSION);
    ENUM(CARC_DEFAULT_START_TILE);
    ENUM(CARC_CLONE_NO_HISTORY);
    ENUM(CARC_GAME_NO_UNDO);
    ENUM(CARC_VARIANT_TINY_CITY);
    ENUM(CARC_VARIANT_COC_FINAL_MARKET);
    ENUM(CARC_VARIANT_COC_ONCE_PER_TURN);
    ENUM(CARC_GOOD_WINE);
    ENUM(CARC_GOOD_GRAIN);
    ENUM(CARC_GOOD_CLOTH);
    ENUM(CARC_GOOD_COUNT);
    /* tile.h's CARC_SEGMENT_GOOD(good), for each carc_good */
    for (int k = 0; k < CARC_GOOD_COUNT; k++)
        printf("enum CARC_SEGMENT_GOOD(%d) %lld\n", k, (long long)CARC_SEGMENT_GOOD(k));
    /* moves.h */
    ENUM(CARC_FIGURE_NONE);
    ENUM(CARC_FIGURE_FOLLOWER);
    ENUM(CARC_FIGURE_BIG);
    ENUM(CARC_FIGURE_ABBOT);
    ENUM(CARC_FIGURE_BUILDER);
    ENUM(CARC_FIGURE_PIG);
    ENUM(CARC_NO_SEGMENT);
    ENUM(CARC_SEGMENT_RECALL);
    ENUM(CARC_ENUM_UNIQUE_ROTATIONS);
    ENUM(CARC_MOVE_PLACE);
    ENUM(CARC_MOVE_PASS);
    ENUM(CARC_MOVE_EXIT);
    ENUM(CARC_MOVE_QUARTER);
    ENUM(CARC_MOVE_COUNT);
    ENUM(CARC_QUARTER_CASTLE);
    ENUM(CARC_QUARTER_MARKET);
    ENUM(CARC_QUARTER_BLACKSMITH);
    ENUM(CARC_QUARTER_CATHEDRAL);
    ENUM(CARC_DECISION_NONE);
    ENUM(CARC_DECISION_PLACE);
    ENUM(CARC_DECISION_EXIT);
    ENUM(CARC_DECISION_QUARTER);
    ENUM(CARC_DECISION_COUNT);
    ENUM(CARC_PENDING_OPTIONAL);
    ENUM(CARC_PENDING_SECOND_TILE);
    ENUM(CARC_PENDING_FINAL);
    /* scoring.h, undo.h, serialize.h, render.h */
    ENUM(CARC_EVENT_SCORE);
    ENUM(CARC_EVENT_FINAL);
    ENUM(CARC_EVENT_DISCARD);
    ENUM(CARC_EVENT_RECALL);
    ENUM(CARC_EVENT_GOODS);
    ENUM(CARC_EVENT_TRADE);
    ENUM(CARC_BONUS_INN);
    ENUM(CARC_BONUS_CATHEDRAL);
    ENUM(CARC_BONUS_PIG);
    ENUM(CARC_HISTORY_PLACE);
    ENUM(CARC_HISTORY_DISCARD);
    ENUM(CARC_HISTORY_END);
    /* search.h (0.2) */
    ENUM(CARC_POLICY_RANDOM);
    ENUM(CARC_POLICY_IMMEDIATE);
    ENUM(CARC_RECORD_FORMAT);
    ENUM(CARC_RENDER_COLOR);
    ENUM(CARC_RENDER_NO_LEGEND);
    /* dice.h */
    ENUM(CARC_DICE_COUNT);
    ENUM(CARC_DICE_CITY_FACES);
    ENUM(CARC_DICE_MAX_ROLLS);
    ENUM(CARC_DICE_WIN_SCORE);
    ENUM(CARC_DICE_KNIGHT_OPTION_KNIGHTS);
    ENUM(CARC_DICE_GRID_RADIUS);
    ENUM(CARC_DICE_EDGE_N);
    ENUM(CARC_DICE_EDGE_E);
    ENUM(CARC_DICE_EDGE_S);
    ENUM(CARC_DICE_EDGE_W);
    ENUM(CARC_DICE_FACE_CITY0);
    ENUM(CARC_DICE_FACE_CITY1);
    ENUM(CARC_DICE_FACE_CITY2);
    ENUM(CARC_DICE_FACE_CITY3);
    ENUM(CARC_DICE_FACE_KNIGHT);
    ENUM(CARC_DICE_FACE_CATAPULT);
    ENUM(CARC_DICE_FACE_NONE);
    ENUM(CARC_DICE_FACES_VERSION);
    {
        /* the default face set, CARC_DICE_FACES_INIT */
        const carc_dice_faces faces = CARC_DICE_FACES_INIT;
        for (int i = 0; i < CARC_DICE_CITY_FACES; i++)
            printf("enum CARC_DICE_FACES_INIT.city[%d] %u\n", i, (unsigned)faces.city[i]);
    }
    ENUM(CARC_DICE_OPTIONS_VERSION);
    ENUM(CARC_DICE_PHASE_ROLL);
    ENUM(CARC_DICE_PHASE_CHOOSE);
    ENUM(CARC_DICE_PHASE_KNIGHT_OPTION);
    ENUM(CARC_DICE_PHASE_GAME_OVER);
    ENUM(CARC_DICE_WIN_SCORE_REACHED);
    ENUM(CARC_DICE_WIN_CATAPULTS);
    ENUM(CARC_DICE_LOC_POOL);
    ENUM(CARC_DICE_LOC_KNIGHT);
    ENUM(CARC_DICE_LOC_CITY);
    ENUM(CARC_DICE_LOC_CATAPULT);
    ENUM(CARC_DICE_LOC_KEPT);
    ENUM(CARC_DICE_ACT_ROLL);
    ENUM(CARC_DICE_ACT_SET_KNIGHT);
    ENUM(CARC_DICE_ACT_BUILD);
    ENUM(CARC_DICE_ACT_STOP);
    ENUM(CARC_DICE_ACT_KNIGHT_OPTION);
    ENUM(CARC_DICE_ENUM_UNIQUE_ROTATIONS);
    ENUM(CARC_DICE_ENUM_UNIQUE_DICE);
    ENUM(CARC_DICE_ENUM_TOUCHING);
    ENUM(CARC_DICE_EVENT_SCORE);
    ENUM(CARC_DICE_EVENT_KNIGHTS);
    ENUM(CARC_DICE_EVENT_CATAPULTS);
    ENUM(CARC_DICE_EVENT_WIN);
    ENUM(CARC_DICE_RECORD_FORMAT);

    /* struct layouts */
    SIZE(carc_status);
    SIZE(carc_allocator);
    OFF(carc_allocator, alloc);
    OFF(carc_allocator, realloc);
    OFF(carc_allocator, free);
    OFF(carc_allocator, ud);
    SIZE(carc_game_options);
    OFF(carc_game_options, version);
    OFF(carc_game_options, players);
    OFF(carc_game_options, seed);
    OFF(carc_game_options, modules);
    OFF(carc_game_options, start_tile);
    OFF(carc_game_options, start_x);
    OFF(carc_game_options, start_y);
    OFF(carc_game_options, start_rotation);
    OFF(carc_game_options, flags);
    OFF(carc_game_options, allocator);
    OFF(carc_game_options, variants);
    SIZE(carc_move);
    OFF(carc_move, x);
    OFF(carc_move, y);
    OFF(carc_move, tile);
    OFF(carc_move, rotation);
    OFF(carc_move, figure);
    OFF(carc_move, segment);
    OFF(carc_move, kind);
    OFF(carc_move, quarter);
    OFF(carc_move, reserved);
    SIZE(carc_pending);
    OFF(carc_pending, struct_size);
    OFF(carc_pending, decision);
    OFF(carc_pending, player);
    OFF(carc_pending, flags);
    OFF(carc_pending, tile);
    OFF(carc_pending, part);
    SIZE(carc_segment_info);
    OFF(carc_segment_info, struct_size);
    OFF(carc_segment_info, kind);
    OFF(carc_segment_info, edges);
    OFF(carc_segment_info, ports);
    OFF(carc_segment_info, pennants);
    OFF(carc_segment_info, end);
    OFF(carc_segment_info, adjacent_cities);
    OFF(carc_segment_info, special);
    SIZE(carc_figure_info);
    OFF(carc_figure_info, struct_size);
    OFF(carc_figure_info, player);
    OFF(carc_figure_info, figure);
    OFF(carc_figure_info, x);
    OFF(carc_figure_info, y);
    OFF(carc_figure_info, segment);
    OFF(carc_figure_info, feature);
    SIZE(carc_feature_info);
    OFF(carc_feature_info, struct_size);
    OFF(carc_feature_info, kind);
    OFF(carc_feature_info, tiles);
    OFF(carc_feature_info, open_edges);
    OFF(carc_feature_info, complete);
    OFF(carc_feature_info, pennants);
    OFF(carc_feature_info, figures);
    OFF(carc_feature_info, segments);
    OFF(carc_feature_info, value);
    OFF(carc_feature_info, special);
    OFF(carc_feature_info, goods);
    SIZE(carc_event);
    OFF(carc_event, struct_size);
    OFF(carc_event, kind);
    OFF(carc_event, turn);
    OFF(carc_event, feature_kind);
    OFF(carc_event, points);
    OFF(carc_event, players);
    OFF(carc_event, returned);
    OFF(carc_event, tile);
    OFF(carc_event, x);
    OFF(carc_event, y);
    OFF(carc_event, segment);
    OFF(carc_event, tiles);
    OFF(carc_event, bonus);
    OFF(carc_event, good);
    SIZE(carc_history_entry);
    OFF(carc_history_entry, struct_size);
    OFF(carc_history_entry, kind);
    OFF(carc_history_entry, player);
    OFF(carc_history_entry, move);
    SIZE(carc_load_error);
    OFF(carc_load_error, struct_size);
    OFF(carc_load_error, line);
    OFF(carc_load_error, status);
    OFF(carc_load_error, message);
    SIZE(carc_dice_faces);
    OFF(carc_dice_faces, version);
    OFF(carc_dice_faces, city);
    SIZE(carc_dice_options);
    OFF(carc_dice_options, version);
    OFF(carc_dice_options, players);
    OFF(carc_dice_options, seed);
    OFF(carc_dice_options, faces);
    OFF(carc_dice_options, allocator);
    SIZE(carc_dice_die);
    OFF(carc_dice_die, struct_size);
    OFF(carc_dice_die, location);
    OFF(carc_dice_die, player);
    OFF(carc_dice_die, face);
    OFF(carc_dice_die, x);
    OFF(carc_dice_die, y);
    OFF(carc_dice_die, rotation);
    OFF(carc_dice_die, edges);
    SIZE(carc_dice_action);
    OFF(carc_dice_action, kind);
    OFF(carc_dice_action, die);
    OFF(carc_dice_action, x);
    OFF(carc_dice_action, y);
    OFF(carc_dice_action, rotation);
    OFF(carc_dice_action, reserved);
    SIZE(carc_dice_event);
    OFF(carc_dice_event, struct_size);
    OFF(carc_dice_event, kind);
    OFF(carc_dice_event, action);
    OFF(carc_dice_event, turn);
    OFF(carc_dice_event, player);
    OFF(carc_dice_event, points);
    OFF(carc_dice_event, dice);
    OFF(carc_dice_event, doubled);
    OFF(carc_dice_event, to);
    OFF(carc_dice_event, reason);
    /* learn.h */
    ENUM(CARC_LEARN_LOC_N);
    ENUM(CARC_LEARN_LOC_E);
    ENUM(CARC_LEARN_LOC_S);
    ENUM(CARC_LEARN_LOC_W);
    ENUM(CARC_LEARN_LOC_PORT);
    ENUM(CARC_LEARN_LOC_MIDDLE);
    ENUM(CARC_LEARN_FIGURE_NONE);
    ENUM(CARC_LEARN_FIGURE_RECALL);
    ENUM(CARC_LEARN_PLANE_TILE);
    ENUM(CARC_LEARN_PLANE_EDGE);
    ENUM(CARC_LEARN_PLANE_JOIN);
    ENUM(CARC_LEARN_PLANE_MONASTERY);
    ENUM(CARC_LEARN_PLANE_GARDEN);
    ENUM(CARC_LEARN_PLANE_PENNANT);
    ENUM(CARC_LEARN_PLANE_INN);
    ENUM(CARC_LEARN_PLANE_CATHEDRAL);
    ENUM(CARC_LEARN_PLANE_GOODS);
    ENUM(CARC_LEARN_PLANE_CITY);
    ENUM(CARC_LEARN_PLANE_PENDING);
    ENUM(CARC_LEARN_STAGE_PLACE);
    ENUM(CARC_LEARN_STAGE_FIGURE);
    ENUM(CARC_LEARN_STAGE_EXIT);
    ENUM(CARC_LEARN_STAGE_EXIT_FIGURE);
    ENUM(CARC_LEARN_STAGE_QUARTER);
    ENUM(CARC_LEARN_STAGE_COUNT);
    ENUM(CARC_LEARN_STAGE_OVER);
    ENUM(CARC_LEARN_DONE_OVER);
    ENUM(CARC_LEARN_DONE_TRUNCATED);
    ENUM(CARC_LEARN_VEC_NO_RESTART);
    ENUM(CARC_LEARN_LAYOUT_VERSION);
    ENUM(CARC_LEARN_NO_ACTION);
    ENUM(CARC_LEARN_DEFAULT_RADIUS);
    ENUM(CARC_LEARN_MAX_RADIUS);
    ENUM(CARC_LEARN_LOCATIONS);
    ENUM(CARC_LEARN_FIGURE_ACTIONS);
    ENUM(CARC_LEARN_FIXED_PLANES);
    printf("enum CARC_LEARN_FIGURE_AT(5,12) %u\n", CARC_LEARN_FIGURE_AT(5, 12));
    SIZE(carc_learn_options);
    OFF(carc_learn_options, struct_size);
    OFF(carc_learn_options, radius);
    OFF(carc_learn_options, flags);
    SIZE(carc_learn_info);
#define INFO(f) OFF(carc_learn_info, f)
    INFO(struct_size); INFO(layout_version); INFO(players); INFO(modules); INFO(radius); INFO(width);
    INFO(centre_x); INFO(centre_y); INFO(actions); INFO(place_base); INFO(figure_base); INFO(pass_id);
    INFO(exit_base); INFO(quarter_base); INFO(count_base); INFO(planes); INFO(plane_size);
    INFO(figure_plane); INFO(player_planes); INFO(figure_kinds); INFO(vector); INFO(kinds);
    INFO(v_scores); INFO(v_supply); INFO(v_goods); INFO(v_city); INFO(v_count); INFO(v_seat);
    INFO(v_stage); INFO(v_flags); INFO(v_tile); INFO(v_left); INFO(v_left_total);
#undef INFO
    SIZE(carc_learn_buffers);
#define BUF(f) OFF(carc_learn_buffers, f)
    BUF(struct_size); BUF(planes); BUF(planes_cap); BUF(vector); BUF(vector_cap); BUF(mask); BUF(mask_cap);
    BUF(rewards); BUF(rewards_cap); BUF(results); BUF(results_cap); BUF(done); BUF(done_cap);
    BUF(player); BUF(player_cap);
#undef BUF
    return 0;
}
