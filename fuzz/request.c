/* request.c - a request described by fuzz input (fuzz_request, fuzz.h).
 * SPDX-License-Identifier: MIT
 */
#include "fuzz.h"

#include "core/arena.h"
#include "core/vec.h"

#include <string.h>

enum { MAX_MEMBERS = 32, RS = 0x1e, US = 0x1f };

typedef DL_VEC(struct dl_attr) attr_vec;

/* One request being built: its maps' entries grow in the arena. */
struct building {
        struct dl_request *req;
        attr_vec maps[DL_MAP_COUNT];
        bool dynamic[DL_MAP_COUNT];
};

/* The map a selector byte names (fuzz.h), or -1. */
static int map_index(uint8_t c)
{
        switch (c) {
        case 'N': return DL_MAP_NAMES;
        case 'V': return DL_MAP_VALUES;
        case 'K': return DL_MAP_KEY;
        case 'I': return DL_MAP_ITEM;
        default: return -1;
        }
}

static bool field_of(uint8_t c, enum dl_field *f)
{
        switch (c) {
        case 'k': *f = DL_FIELD_KEY_CONDITION_EXPRESSION; return true;
        case 'f': *f = DL_FIELD_FILTER_EXPRESSION; return true;
        case 'c': *f = DL_FIELD_CONDITION_EXPRESSION; return true;
        case 'p': *f = DL_FIELD_PROJECTION_EXPRESSION; return true;
        case 'u': *f = DL_FIELD_UPDATE_EXPRESSION; return true;
        case 't': *f = DL_FIELD_TABLE_NAME; return true;
        case 'i': *f = DL_FIELD_INDEX_NAME; return true;
        case 's': *f = DL_FIELD_STATEMENT; return true;
        case 'l': *f = DL_FIELD_LIMIT; return true;
        case 'r': *f = DL_FIELD_CONSISTENT_READ; return true;
        default:
                if (map_index(c) >= 0 || c == '~' || c == '+' || c == '?')
                        return false;
                *f = (enum dl_field)(c % DL_FIELD_COUNT);
                return true;
        }
}

/* The API shape a member of a container of operation parent is built from
 * (request.h, struct dl_request.member). */
static const char *member_shape(enum dl_op parent, enum dl_op op)
{
        switch (parent) {
        case DL_OP_TRANSACT_WRITE_ITEMS:
                return op == DL_OP_PUT_ITEM      ? "Put"
                       : op == DL_OP_UPDATE_ITEM ? "Update"
                       : op == DL_OP_DELETE_ITEM ? "Delete"
                                                 : "ConditionCheck";
        case DL_OP_TRANSACT_GET_ITEMS: return "Get";
        case DL_OP_BATCH_WRITE_ITEM:
                return op == DL_OP_DELETE_ITEM ? "DeleteRequest" : "PutRequest";
        case DL_OP_BATCH_GET_ITEM: return "KeysAndAttributes";
        default: return "Statement";
        }
}

static void add_entry(struct dl_arena *a, struct building *b, int m, const uint8_t *p, size_t n,
                      unsigned line)
{
        /* names: key, name; the other maps: key, type, value. */
        const uint8_t *part[3] = {p, p, p};
        size_t len[3] = {0, 0, 0};
        size_t n_parts = 0;
        while (n_parts < (m == DL_MAP_NAMES ? 2u : 3u) &&
               fuzz_split(&p, &n, US, &part[n_parts], &len[n_parts]))
                n_parts++;
        struct dl_attr at = {0};
        at.key = fuzz_value(a, part[0], len[0], line);
        at.loc = (struct dl_loc){FUZZ_FILE, line, 1};
        size_t val = m == DL_MAP_NAMES ? 1 : 2;
        if (n_parts > val)
                at.val = fuzz_value(a, part[val], len[val], line);
        /* An unknown descriptor leaves DL_ATTR_UNKNOWN. */
        if (m != DL_MAP_NAMES && n_parts > 1)
                dl_attr_type_from_name((const char *)part[1], len[1], &at.type);
        DL_VEC_PUSH_ARENA(a, &b->maps[m], at);
}

static void finish(struct building *b)
{
        for (int m = 0; m < DL_MAP_COUNT; m++) {
                struct dl_attr_map *map = dl_request_map(b->req, (enum dl_map)m);
                if (!b->maps[m].n && !b->dynamic[m])
                        continue;
                map->kind = b->dynamic[m] ? DL_VAL_DYNAMIC : DL_VAL_KNOWN;
                map->items = b->maps[m].items;
                map->n = b->maps[m].n;
                map->loc = (struct dl_loc){FUZZ_FILE, 1, 1};
        }
}

struct dl_request *fuzz_request(struct dl_arena *a, const uint8_t *data, size_t size)
{
        struct dl_request *top = dl_arena_alloc(a, sizeof *top);
        fuzz_request_init(top, fuzz_op(size ? data[0] : 'Q'), 1);
        if (size)
                data++, size--;
        struct building all[1 + MAX_MEMBERS];
        memset(all, 0, sizeof all);
        all[0].req = top;
        struct dl_request *members = dl_arena_alloc(a, MAX_MEMBERS * sizeof *members);
        size_t n_members = 0;
        struct building *cur = &all[0];
        bool escaped = false;
        const uint8_t *rec;
        size_t len;
        unsigned line = 1;
        while (fuzz_split(&data, &size, RS, &rec, &len)) {
                line++;
                if (len == 0)
                        continue;
                uint8_t what = rec[0];
                const uint8_t *p = rec + 1;
                size_t n = len - 1;
                enum dl_field f;
                if (field_of(what, &f)) {
                        cur->req->fields[f] = fuzz_value(a, p, n, line);
                } else if (map_index(what) >= 0) {
                        add_entry(a, cur, map_index(what), p, n, line);
                } else if (what == '?' && n && field_of(p[0], &f)) {
                        cur->req->fields[f] = dl_value_dynamic((struct dl_loc){FUZZ_FILE, line, 1});
                } else if (what == '~' && n && map_index(p[0]) >= 0) {
                        cur->dynamic[map_index(p[0])] = true;
                } else if (what == '~' && n && p[0] == '!') {
                        escaped = true;
                } else if (what == '+' && n_members < MAX_MEMBERS) {
                        struct dl_request *m = &members[n_members];
                        fuzz_request_init(m, fuzz_op(n ? p[0] : 'P'), line);
                        m->member = member_shape(top->op, m->op);
                        cur = &all[++n_members];
                        cur->req = m;
                }
        }
        for (size_t i = 0; i <= n_members; i++)
                finish(&all[i]);
        if (n_members) {
                top->items = members;
                top->n_items = n_members;
        }
        if (escaped)
                dl_request_mark_escaped(top);
        return top;
}
