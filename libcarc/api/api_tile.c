/* SPDX-License-Identifier: MIT */
/* Public queries over the tile catalogue. */
#include "rules/rules.h"
#include "tiles/catalogue.h"
#include "util/abi.h"

uint32_t carc_tile_kind_count(void)
{
    return carci_tile_kinds;
}

const char *carc_tile_name(uint32_t kind)
{
    return kind < carci_tile_kinds ? carci_tiles[kind].name : NULL;
}

carc_status carc_tile_find(uint32_t *out, const char *name)
{
    if (!out || !name)
        return CARC_EINVAL;
    uint32_t k = carci_tile_find(name);
    if (k == CARCI_NONE32)
        return CARC_ENOTFOUND;
    *out = k;
    return CARC_OK;
}

carc_status carc_tile_copies(uint32_t *out, uint32_t kind, uint32_t modules)
{
    if (!out)
        return CARC_EINVAL;
    if (kind >= carci_tile_kinds)
        return CARC_ERANGE;
    *out = carci_tile_copies(kind, carci_modules_elements(modules));
    return CARC_OK;
}

carc_status carc_tile_edge(uint32_t *out, uint32_t kind, uint32_t rotation, uint32_t side)
{
    if (!out)
        return CARC_EINVAL;
    if (kind >= carci_tile_kinds || rotation > 3 || side > 3)
        return CARC_ERANGE;
    *out = (carci_rot_sig(carci_tiles[kind].edges, rotation) >> (2 * side)) & 3u;
    return CARC_OK;
}

carc_status carc_tile_segment_count(uint32_t *out, uint32_t kind)
{
    if (!out)
        return CARC_EINVAL;
    if (kind >= carci_tile_kinds)
        return CARC_ERANGE;
    *out = carci_tiles[kind].nseg;
    return CARC_OK;
}

carc_status carc_tile_segment(carc_segment_info *out, uint32_t kind, uint32_t rotation, uint32_t index)
{
    if (!out || out->struct_size < sizeof(uint32_t))
        return CARC_EINVAL;
    if (kind >= carci_tile_kinds || rotation > 3 || index >= carci_tiles[kind].nseg)
        return CARC_ERANGE;
    const carci_segdef *s = &carci_tiles[kind].seg[index];
    carc_segment_info r;
    r.kind = s->kind;
    r.edges = carci_rot_sides(s->edges, rotation);
    r.ports = carci_rot_ports(s->ports, rotation);
    r.pennants = s->pennants;
    r.end = s->end;
    r.adjacent_cities = s->adj;
    r.special = s->special;
    carci_copy_out(out, &r, sizeof r);
    return CARC_OK;
}

const char *carc_module_name(uint32_t module)
{
    return carci_module_name(module);
}

uint32_t carc_modules_supported(void)
{
    return carci_modules_supported();
}

carc_status carc_modules_parse(uint32_t *out, const char *text)
{
    if (!out || !text)
        return CARC_EINVAL;
    uint32_t m = CARC_MODULE_FARMERS;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (!*p)
            break;
        bool off = *p == '-';
        if (off)
            p++;
        size_t n = 0;
        while (p[n] && p[n] != ' ' && p[n] != ',' && p[n] != '\t')
            n++;
        uint32_t flag = carci_module_flags(p, n);
        if (!flag)
            return CARC_EPARSE;
        m = off ? carci_modules_without(m, flag) : m | flag;
        p += n;
    }
    *out = carci_modules_boxed(carci_modules_elements(m));
    return CARC_OK;
}

carc_status carc_module_find(uint32_t *out, const char *name)
{
    if (!out || !name)
        return CARC_EINVAL;
    uint32_t flag = carci_module_flags(name, strlen(name));
    if (!flag)
        return CARC_ENOTFOUND;
    *out = flag;
    return CARC_OK;
}

uint32_t carc_modules_elements(uint32_t modules)
{
    return carci_modules_elements(modules);
}
