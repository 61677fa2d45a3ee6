/*
 * abi_dump: print every enumerator, #define and struct layout of the public
 * headers that the Python binding mirrors, one "name value" per line, so that
 * test_constants.py can compare them with _constants.py and _ffi.py
 * (libsodium's constcheck, done the other way round).
 *
 *   enum CARC_EINVAL -1
 *   sizeof carc_move 16
 *   offsetof carc_move.segment 10
 */
#include <carcassonne/carcassonne.h>

#include <stddef.h>
#include <stdio.h>

#define ENUM(name) printf("enum %s %lld\n", #name, (long long)(name))
#define SIZE(type) printf("sizeof %s %zu\n", #type, sizeof(type))
#define OFF(type, field) printf("offsetof %s.%s %zu\n", #type, #field, offsetof(type, field))

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
    /* game.h */
    ENUM(CARC_GAME_OPTIONS_VERSION);
    ENUM(CARC_DEFAULT_START_TILE);
    ENUM(CARC_CLONE_NO_HISTORY);
    /* moves.h */
    ENUM(CARC_FIGURE_NONE);
    ENUM(CARC_FIGURE_FOLLOWER);
    ENUM(CARC_FIGURE_BIG);
    ENUM(CARC_FIGURE_ABBOT);
    ENUM(CARC_FIGURE_BUILDER);
    ENUM(CARC_FIGURE_PIG);
    ENUM(CARC_NO_SEGMENT);
    ENUM(CARC_ENUM_UNIQUE_ROTATIONS);
    /* scoring.h, undo.h, serialize.h, render.h */
    ENUM(CARC_EVENT_SCORE);
    ENUM(CARC_EVENT_FINAL);
    ENUM(CARC_EVENT_DISCARD);
    ENUM(CARC_HISTORY_PLACE);
    ENUM(CARC_HISTORY_DISCARD);
    ENUM(CARC_HISTORY_END);
    ENUM(CARC_RECORD_FORMAT);
    ENUM(CARC_RENDER_COLOR);
    ENUM(CARC_RENDER_NO_LEGEND);

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
    OFF(carc_game_options, reserved);
    OFF(carc_game_options, allocator);
    SIZE(carc_move);
    OFF(carc_move, x);
    OFF(carc_move, y);
    OFF(carc_move, tile);
    OFF(carc_move, rotation);
    OFF(carc_move, figure);
    OFF(carc_move, segment);
    OFF(carc_move, reserved);
    SIZE(carc_segment_info);
    OFF(carc_segment_info, struct_size);
    OFF(carc_segment_info, kind);
    OFF(carc_segment_info, edges);
    OFF(carc_segment_info, ports);
    OFF(carc_segment_info, pennants);
    OFF(carc_segment_info, end);
    OFF(carc_segment_info, adjacent_cities);
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
    return 0;
}
