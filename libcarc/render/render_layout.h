/*
 * Layout shared by the two renderers (render_text.c, render_svg.c): where the
 * parts of a tile go when the catalogue's segments alone do not say.
 */
#ifndef CARCI_RENDER_LAYOUT_H
#define CARCI_RENDER_LAYOUT_H

#include <carcassonne/tile.h>

/*
 * The side a monastery moves to, or -1 for the middle: it stays in the middle
 * unless a river runs through the middle or ends there (RH, RL); then it goes
 * towards its own road, else away from the river, else to any side without a
 * road, a city or a river. `si` are the tile's segments in board orientation.
 */
static inline int carci_monastery_side(const carc_segment_info *si, uint32_t nseg)
{
    static const int pref[4] = { CARC_S, CARC_E, CARC_N, CARC_W };
    uint32_t river = 0, used = 0, own = 0, i;
    int k;
    for (i = 0; i < nseg; i++) {
        if (si[i].kind == CARC_SEG_RIVER)
            river |= si[i].edges & 15u;
        else if (si[i].kind == CARC_SEG_ROAD && si[i].end == CARC_END_MONASTERY)
            own |= si[i].edges & 15u;
        else if (si[i].kind == CARC_SEG_ROAD || si[i].kind == CARC_SEG_CITY)
            used |= si[i].edges & 15u;
    }
    if (river == 0)
        return -1;
    for (k = 0; k < 4; k++)
        if (((own & ~river) >> pref[k]) & 1u)
            return pref[k];
    for (k = 0; k < 4; k++)
        if (!(((river | used) >> pref[k]) & 1u) && ((river >> ((pref[k] + 2) % 4)) & 1u))
            return pref[k];
    for (k = 0; k < 4; k++)
        if (!(((river | used) >> pref[k]) & 1u))
            return pref[k];
    return -1;
}

/*
 * Whether a monastery moved to the west or east side (beside a river that runs
 * north-south) stands north of its own road there rather than on it, so that
 * the road stays visible (RH turned a quarter).
 */
static inline bool carci_monastery_above_road(const carc_segment_info *si, uint32_t nseg, int side)
{
    uint32_t i;
    if (side != CARC_W && side != CARC_E)
        return false;
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_ROAD && si[i].end == CARC_END_MONASTERY && ((si[i].edges >> side) & 1u))
            return true;
    return false;
}

#endif
