/* aws_cpp.c - recognizer for the AWS SDK for C++ (Aws::DynamoDB::DynamoDBClient).
 * SPDX-License-Identifier: MIT
 *
 * A client call (Op, OpAsync, OpCallable, OpPaginator on any class of
 * namespace Aws::DynamoDB) becomes a request. The request argument is then
 * followed within the enclosing function:
 *   - a With/Set/Add chain ending in a temporary, a variable, or a call of
 *     a function of this TU that returns a request (its return statements
 *     are analysed the same way);
 *   - for a variable: its initializer, then every setter call on it before
 *     the client call (source order), the functions of this TU it is passed
 *     to by non-const reference or pointer (their setters on the parameter),
 *     and everything else it is handed to (an escape: unknown fields become
 *     DYNAMIC, never absent).
 * A setter on some paths only (a branch, a loop, a lambda) makes its field
 * DYNAMIC (setters after && / || / ?: included). API knowledge (operations,
 * request classes, members) comes from aws_cpp_api.def; only the mechanics
 * live here. Helper analysis is bounded by MAX_HELPER_DEPTH, nesting of
 * request expressions by MAX_NEST.
 *
 * Batch and transaction members (table nested[] below): TransactItems and
 * RequestItems are followed with the same mechanics (With chains,
 * temporaries, variables, vectors filled with push_back / emplace_back or
 * initializer lists, maps filled with emplace / insert / [] ), and each
 * member becomes an entry of req->items with its own op, member shape,
 * table (from the batch map's key) and maps. A collection that cannot be
 * followed escapes the container; no member is invented.
 *
 * Empty maps (`Aws::Map<..>()`, `{}`, a local map with no insertion before
 * the use) are KNOWN with no entries; a local map or string that may be
 * written elsewhere (non-const method, non-const reference or pointer
 * handed to a function, an alias) is DYNAMIC / a hole.
 */
#include "recognizer.h"

#include "../core/arena.h"
#include "../core/log.h"
#include "../core/strbuf.h"
#include "../model/fix.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HELPER_DEPTH 4

static void spell_fix(struct dl_strbuf *sb, const struct dl_fix *fix);

static const struct aws_op {
        enum dl_op op;
        const char *api;
        const char *req_class;
        int paginator;
} ops[] = {
#define DL_AWS_OP(e, api, cls, pag) {DL_OP_##e, api, cls, pag},
#define DL_AWS_MEMBER(cls, member, kind)
#include "aws_cpp_api.def"
#undef DL_AWS_OP
#undef DL_AWS_MEMBER
};

static const struct aws_member {
        const char *cls, *member, *kind;
} members[] = {
#define DL_AWS_OP(e, api, cls, pag)
#define DL_AWS_MEMBER(cls, member, kind) {cls, member, kind},
#include "aws_cpp_api.def"
#undef DL_AWS_OP
#undef DL_AWS_MEMBER
};

#define N_OPS (sizeof ops / sizeof ops[0])
#define N_MEMBERS (sizeof members / sizeof members[0])

static const char *const kind_suffix[] = {"", "Async", "Callable", "Paginator"};

/* Parse a client method name: "QueryAsync" -> Query, DL_CALL_ASYNC. */
static const struct aws_op *parse_method(const char *name, size_t len, enum dl_call_kind *kind)
{
        for (size_t i = 0; i < N_OPS; i++) {
                size_t n = strlen(ops[i].api);
                if (len < n || memcmp(name, ops[i].api, n) != 0)
                        continue;
                for (unsigned k = 0; k < 4; k++) {
                        if (k == DL_CALL_PAGINATOR && !ops[i].paginator)
                                continue;
                        if (len - n == strlen(kind_suffix[k]) &&
                            memcmp(name + n, kind_suffix[k], len - n) == 0) {
                                *kind = (enum dl_call_kind)k;
                                return &ops[i];
                        }
                }
        }
        return NULL;
}

static const struct aws_op *op_by_class(const char *cls)
{
        for (size_t i = 0; i < N_OPS; i++) {
                if (strcmp(ops[i].req_class, cls) == 0)
                        return &ops[i];
        }
        return NULL;
}

/* Shapes nested in batch and transaction requests (design.md 6: API
 * knowledge as data). WRAP: the member holds one item shape (a
 * TransactWriteItem holds a Put...), which becomes the member request's
 * op and name. LIST: a vector of wrappers, one member each. TABLE_LIST: a
 * map from table name to a vector of wrappers (BatchWriteItem). TABLE_ONE:
 * a map from table name to one item shape (BatchGetItem). KEYS: a list of
 * keys (KeysAndAttributes), recorded as a Key map of unknown entries. */
enum nest_kind { NEST_WRAP, NEST_LIST, NEST_TABLE_LIST, NEST_TABLE_ONE, NEST_KEYS };

static const struct nested {
        const char *cls, *member;
        enum nest_kind kind;
        enum dl_op op;        /* WRAP: the member's op; others: the element's initial op */
        const char *name;     /* WRAP / TABLE_ONE: the member name; else NULL */
} nested[] = {
        {"TransactWriteItem", "Put", NEST_WRAP, DL_OP_PUT_ITEM, "Put"},
        {"TransactWriteItem", "Update", NEST_WRAP, DL_OP_UPDATE_ITEM, "Update"},
        {"TransactWriteItem", "Delete", NEST_WRAP, DL_OP_DELETE_ITEM, "Delete"},
        {"TransactWriteItem", "ConditionCheck", NEST_WRAP, DL_OP_TRANSACT_WRITE_ITEMS,
         "ConditionCheck"},
        {"TransactGetItem", "Get", NEST_WRAP, DL_OP_GET_ITEM, "Get"},
        {"WriteRequest", "PutRequest", NEST_WRAP, DL_OP_PUT_ITEM, "PutRequest"},
        {"WriteRequest", "DeleteRequest", NEST_WRAP, DL_OP_DELETE_ITEM, "DeleteRequest"},
        {"TransactWriteItemsRequest", "TransactItems", NEST_LIST, DL_OP_TRANSACT_WRITE_ITEMS, NULL},
        {"TransactGetItemsRequest", "TransactItems", NEST_LIST, DL_OP_TRANSACT_GET_ITEMS, NULL},
        {"BatchWriteItemRequest", "RequestItems", NEST_TABLE_LIST, DL_OP_BATCH_WRITE_ITEM, NULL},
        {"BatchGetItemRequest", "RequestItems", NEST_TABLE_ONE, DL_OP_GET_ITEM,
         "KeysAndAttributes"},
        {"KeysAndAttributes", "Keys", NEST_KEYS, DL_OP_GET_ITEM, NULL},
};

/* Classes whose setters are followed besides the request classes. */
static const char *const nested_classes[] = {
        "Put", "Update", "Delete", "ConditionCheck", "Get", "PutRequest", "DeleteRequest",
        "KeysAndAttributes", "TransactWriteItem", "TransactGetItem", "WriteRequest",
};

static bool model_class(const char *cls)
{
        for (size_t i = 0; i < sizeof nested_classes / sizeof nested_classes[0]; i++) {
                if (!strcmp(nested_classes[i], cls))
                        return true;
        }
        return op_by_class(cls) != NULL;
}

static const struct nested *find_nested(const char *cls, const char *member)
{
        for (size_t i = 0; i < sizeof nested / sizeof nested[0]; i++) {
                if (!strcmp(nested[i].cls, cls) && !strcmp(nested[i].member, member))
                        return &nested[i];
        }
        return NULL;
}

static const struct aws_member *find_member(const char *cls, const char *member)
{
        for (size_t i = 0; i < N_MEMBERS; i++) {
                if (strcmp(members[i].cls, cls) == 0 && strcmp(members[i].member, member) == 0)
                        return &members[i];
        }
        return NULL;
}

/* ---- analysis state -------------------------------------------------------- */

struct scope {
        struct dl_cx *cx;
        const struct dl_body *body;
        const char *req_class;
        unsigned depth;
        unsigned nest; /* build_expr calls in progress (variables initialized
                          from variables, nested member shapes): bounded by
                          MAX_NEST so that `Req r = r;` cannot loop */
};

#define MAX_NEST 64

static bool name_is(struct dl_cx *cx, CXCursor c, const char *s)
{
        CXString cs = clang_getCursorSpelling(c);
        bool eq = strcmp(clang_getCString(cs), s) == 0;
        clang_disposeString(cs);
        (void)cx;
        return eq;
}

/* The class (unqualified name) a method belongs to, or "". */
static const char *method_class(struct dl_cx *cx, CXCursor call)
{
        CXCursor m = clang_getCursorReferenced(call);
        enum CXCursorKind k = clang_getCursorKind(m);
        if (k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
                return "";
        return dl_cx_spelling(cx, clang_getCursorSemanticParent(m));
}

static CXCursor member_object(CXCursor call)
{
        CXCursor kids[1];
        if (dl_cx_children(call, kids, 1) < 1 ||
            clang_getCursorKind(kids[0]) != CXCursor_MemberRefExpr)
                return clang_getNullCursor();
        CXCursor inner[4];
        unsigned n = dl_cx_children(kids[0], inner, 4);
        for (unsigned i = 0; i < n && i < 4; i++) {
                if (clang_isExpression(clang_getCursorKind(inner[i])))
                        return dl_cx_strip(inner[i]);
        }
        return clang_getNullCursor();
}

static unsigned off_of(CXCursor c)
{
        return dl_cx_offset(clang_getCursorLocation(c));
}

static struct dl_loc loc_of(struct dl_cx *cx, CXCursor c)
{
        return dl_cx_cursor_loc(cx, c);
}

static bool refers_to(CXCursor e, CXCursor decl)
{
        return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
               clang_equalCursors(clang_getCursorReferenced(e), decl);
}

/* ---- values and maps --------------------------------------------------------- */

static struct dl_value fold_field(struct scope *s, enum dl_field f, CXCursor arg, unsigned use)
{
        struct dl_eval ev = {s->cx, s->body, use};
        struct dl_loc at = loc_of(s->cx, arg);
        switch (dl_field_kind(f)) {
        case DL_FK_STRING:
        case DL_FK_EXPR:
                return dl_eval_string(&ev, arg, at);
        case DL_FK_INT:
                return dl_eval_int(&ev, arg, at);
        case DL_FK_BOOL:
                return dl_eval_bool(&ev, arg, at);
        case DL_FK_ENUM:
                return dl_eval_enum(&ev, arg, at);
        case DL_FK_PRESENT:
                return dl_value_known(s->cx->arena, "", 0, NULL, at);
        }
        return dl_value_dynamic(at);
}

struct entry_vec {
        struct dl_attr *items;
        size_t n, cap;
};

/* The SDK's names of AttributeValue's members: SetS, SetBool, SetNull... */
static const struct {
        const char *suffix;
        enum dl_attr_type type;
} setters[] = {{"S", DL_ATTR_S},       {"N", DL_ATTR_N},       {"B", DL_ATTR_B},
               {"Bool", DL_ATTR_BOOL}, {"Null", DL_ATTR_NULL}, {"L", DL_ATTR_L},
               {"M", DL_ATTR_M},       {"SS", DL_ATTR_SS},     {"NS", DL_ATTR_NS},
               {"BS", DL_ATTR_BS}};

/* The AttributeValue member a method of AttributeValue sets, or
 * DL_ATTR_UNKNOWN: SetS/WithS -> S, SetBool -> BOOL, SetNull -> NULL...;
 * the SDK's set, list and map builders AddSItem/AddNItem/AddBItem ->
 * SS/NS/BS, AddLItem -> L, AddMEntry -> M (AWS SDK for C++ 1.11,
 * aws/dynamodb/model/AttributeValue.h). *scalar_arg is set when the single
 * argument is the value's scalar text. */
static enum dl_attr_type attr_method_type(const char *name, bool *scalar_arg)
{
        static const struct {
                const char *method;
                enum dl_attr_type type;
        } adders[] = {{"AddSItem", DL_ATTR_SS}, {"AddNItem", DL_ATTR_NS}, {"AddBItem", DL_ATTR_BS},
                      {"AddLItem", DL_ATTR_L},  {"AddMEntry", DL_ATTR_M}};
        *scalar_arg = false;
        for (size_t i = 0; i < sizeof adders / sizeof adders[0]; i++) {
                if (strcmp(name, adders[i].method) == 0)
                        return adders[i].type;
        }
        const char *suffix = !strncmp(name, "Set", 3) ? name + 3 : !strncmp(name, "With", 4) ? name + 4 : NULL;
        for (size_t i = 0; suffix && i < sizeof setters / sizeof setters[0]; i++) {
                if (strcmp(suffix, setters[i].suffix) == 0) {
                        *scalar_arg = true;
                        return setters[i].type;
                }
        }
        return DL_ATTR_UNKNOWN;
}

static enum dl_attr_type attr_type(struct scope *s, CXCursor v, struct dl_value *scalar, unsigned use)
{
        struct dl_eval ev = {s->cx, s->body, use};
        for (int i = 0; i < 16; i++) {
                v = dl_cx_strip(v);
                if (clang_getCursorKind(v) != CXCursor_CallExpr)
                        break;
                CXCursor callee = clang_getCursorReferenced(v);
                int nargs = clang_Cursor_getNumArguments(v);
                if (clang_getCursorKind(callee) == CXCursor_Constructor) {
                        if (nargs == 1 && name_is(s->cx, callee, "AttributeValue")) {
                                CXCursor a = clang_Cursor_getArgument(v, 0);
                                CXCursor as = dl_cx_strip(a);
                                /* copy construction from another AttributeValue */
                                const char *ts = dl_cx_take(s->cx->arena,
                                                            clang_getTypeSpelling(clang_getCursorType(as)));
                                if (strstr(ts, "AttributeValue")) {
                                        v = as;
                                        continue;
                                }
                                *scalar = dl_eval_string(&ev, a, loc_of(s->cx, a));
                                return DL_ATTR_S;
                        }
                        return DL_ATTR_UNKNOWN;
                }
                const char *name = dl_cx_spelling(s->cx, v);
                bool scalar_arg = false;
                enum dl_attr_type t = attr_method_type(name, &scalar_arg);
                if (t && strcmp(method_class(s->cx, v), "AttributeValue") == 0) {
                        if (scalar_arg && nargs == 1)
                                *scalar = dl_eval_string(&ev, clang_Cursor_getArgument(v, 0),
                                                         loc_of(s->cx, v));
                        return t;
                }
                return DL_ATTR_UNKNOWN;
        }
        if (clang_getCursorKind(v) == CXCursor_DeclRefExpr && s->body) {
                /* a local AttributeValue: its last unconditional SetX before
                 * use, provided nothing else may change it before the use
                 * (an assignment `av = ...`, a non-const reference passed
                 * on): then the type is unknown. */
                CXCursor var = clang_getCursorReferenced(v);
                enum dl_attr_type type = DL_ATTR_UNKNOWN;
                DL_VEC(unsigned) setter_objs = {0};
                for (size_t i = 0; i < s->body->calls.n; i++) {
                        const struct dl_body_call *c = &s->body->calls.items[i];
                        CXCursor obj = member_object(c->cursor);
                        if (c->off >= use || !refers_to(obj, var))
                                continue;
                        bool scalar_arg = false;
                        enum dl_attr_type t =
                                attr_method_type(dl_cx_spelling(s->cx, c->cursor), &scalar_arg);
                        if (!t)
                                continue;
                        DL_VEC_PUSH(&setter_objs, off_of(obj));
                        if (dl_body_when(s->body, c->off, use) != DL_WHEN_SURE) {
                                DL_VEC_FREE(&setter_objs);
                                return DL_ATTR_UNKNOWN;
                        }
                        type = t;
                }
                unsigned use_ref = off_of(v);
                for (size_t i = 0; type && i < s->body->refs.n; i++) {
                        const struct dl_body_ref *r = &s->body->refs.items[i];
                        if (r->off >= use || r->off == use_ref ||
                            !clang_equalCursors(r->decl, var))
                                continue;
                        bool is_setter = false;
                        for (size_t k = 0; k < setter_objs.n; k++)
                                is_setter = is_setter || setter_objs.items[k] == r->off;
                        if (!is_setter && !dl_body_ref_is_read(s->body, var, r->off))
                                type = DL_ATTR_UNKNOWN;
                }
                DL_VEC_FREE(&setter_objs);
                return type;
        }
        return DL_ATTR_UNKNOWN;
}

/* Adds entry k -> v to m. The same key twice: emplace, insert and the SDK's
 * Add... (which emplace) keep the first value; `m[k] = v` and
 * `m[k].SetX(...)` (overwrite) replace it, and a conditional overwrite
 * leaves its type unknown. */
static void map_add(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor k,
                    CXCursor v, CXCursor at, unsigned use, bool maybe, bool overwrite)
{
        struct dl_eval ev = {s->cx, s->body, use};
        struct dl_attr a = {0};
        a.key = dl_eval_string(&ev, k, loc_of(s->cx, k));
        a.loc = loc_of(s->cx, at);
        if (is_names) {
                a.val = dl_eval_string(&ev, v, loc_of(s->cx, v));
        } else if (!clang_Cursor_isNull(v)) {
                a.type = attr_type(s, v, &a.val, use);
        }
        for (size_t i = 0; dl_value_is_complete(&a.key) && i < m->n; i++) {
                struct dl_attr *old = &m->items[i];
                if (!dl_value_is_complete(&old->key) || old->key.len != a.key.len ||
                    memcmp(old->key.text, a.key.text, a.key.len) != 0)
                        continue;
                if (overwrite) {
                        if (maybe) {
                                old->type = DL_ATTR_UNKNOWN;
                                old->val = dl_value_dynamic(a.loc);
                        } else {
                                *old = a;
                        }
                }
                if (maybe)
                        m->kind = DL_VAL_DYNAMIC;
                return;
        }
        struct dl_attr *items = dl_arena_alloc(s->cx->arena, (m->n + 1) * sizeof *items);
        if (m->n)
                memcpy(items, m->items, m->n * sizeof *items);
        items[m->n] = a;
        m->items = items;
        m->n++;
        if (m->kind == DL_VAL_ABSENT) {
                m->kind = DL_VAL_KNOWN;
                m->loc = a.loc;
        }
        if (maybe)
                m->kind = DL_VAL_DYNAMIC;
}

/* Find the pair (k, v) of an initializer-list element or pair construction. */
static bool pair_of(CXCursor e, CXCursor *k, CXCursor *v)
{
        e = dl_cx_strip(e);
        enum CXCursorKind kind = clang_getCursorKind(e);
        if (kind == CXCursor_InitListExpr) {
                CXCursor kids[3];
                if (dl_cx_children(e, kids, 3) != 2)
                        return false;
                *k = kids[0];
                *v = kids[1];
                return true;
        }
        if (kind == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 2) {
                *k = clang_Cursor_getArgument(e, 0);
                *v = clang_Cursor_getArgument(e, 1);
                return true;
        }
        if (kind == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 1)
                return pair_of(clang_Cursor_getArgument(e, 0), k, v);
        return false;
}

/* Find an InitListExpr by following single expression children. */
static CXCursor find_init_list(CXCursor e)
{
        for (int i = 0; i < 16; i++) {
                e = dl_cx_strip(e);
                enum CXCursorKind k = clang_getCursorKind(e);
                if (k == CXCursor_InitListExpr)
                        return e;
                if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) >= 1 &&
                    clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor) {
                        e = clang_Cursor_getArgument(e, 0);
                        continue;
                }
                return clang_getNullCursor();
        }
        return clang_getNullCursor();
}

/* A variable of a function body with automatic storage (not static, not a
 * global another function may change). */
static bool is_local_var(CXCursor var)
{
        enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(var));
        bool in_fn = pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod ||
                     pk == CXCursor_Constructor || pk == CXCursor_Destructor ||
                     pk == CXCursor_FunctionTemplate || pk == CXCursor_LambdaExpr;
        return in_fn && clang_Cursor_getStorageClass(var) != CX_SC_Static;
}

/* e names a local object variable (not a reference) whose contents the
 * function body fully shows; *var receives its declaration. */
static bool local_object_ref(CXCursor e, CXCursor *var)
{
        *var = clang_getCursorReferenced(e);
        enum CXTypeKind tk = clang_getCursorType(*var).kind;
        return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
               clang_getCursorKind(*var) == CXCursor_VarDecl && is_local_var(*var) &&
               tk != CXType_LValueReference && tk != CXType_RValueReference;
}

/* A default-constructed temporary: `T()`, `T{}` or `{}` for a class T. */
static bool is_empty_construct(CXCursor e)
{
        e = dl_cx_strip(e);
        if (clang_getCursorKind(e) == CXCursor_InitListExpr) {
                CXCursor kids[1];
                return dl_cx_children(e, kids, 1) == 0;
        }
        return clang_getCursorKind(e) == CXCursor_CallExpr &&
               clang_Cursor_getNumArguments(e) == 0 &&
               clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_Constructor;
}

/* Does a reference to local var between decl and use, other than those at
 * the offsets in handled[0..n), possibly modify it (a non-const method, a
 * non-const reference or pointer to a function, an alias)? */
static bool var_may_change(const struct scope *s, CXCursor var, unsigned decl, unsigned use,
                           const unsigned *handled, size_t n)
{
        for (size_t i = 0; i < s->body->refs.n; i++) {
                const struct dl_body_ref *ref = &s->body->refs.items[i];
                if (ref->off <= decl || !clang_equalCursors(ref->decl, var) ||
                    dl_body_when(s->body, ref->off, use) == DL_WHEN_NEVER)
                        continue;
                bool ok = false;
                for (size_t k = 0; k < n && !ok; k++)
                        ok = handled[k] == ref->off;
                if (!ok && !dl_body_ref_is_read(s->body, var, ref->off))
                        return true;
        }
        return false;
}

/* SetExpressionAttributeValues(m): rebuild m from a local map variable. */
static void map_from_expr(struct scope *s, struct dl_attr_map *m, bool is_names, CXCursor arg,
                          unsigned use, bool maybe)
{
        m->items = NULL;
        m->n = 0;
        m->kind = DL_VAL_KNOWN;
        m->loc = loc_of(s->cx, arg);
        CXCursor e = dl_cx_strip(arg);
        CXCursor list = find_init_list(e);
        if (!clang_Cursor_isNull(list)) {
                CXCursor kids[256];
                unsigned n = dl_cx_children(list, kids, 256);
                if (n > 256)
                        m->kind = DL_VAL_DYNAMIC;
                for (unsigned i = 0; i < n && i < 256; i++) {
                        CXCursor k, v;
                        if (pair_of(kids[i], &k, &v))
                                map_add(s, m, is_names, k, v, kids[i], use, false, false);
                        else
                                m->kind = DL_VAL_DYNAMIC;
                }
                if (maybe)
                        m->kind = DL_VAL_DYNAMIC;
                return;
        }
        if (is_empty_construct(e)) {
                /* Aws::Map<...>() or {}: known and empty (DynamoDB rejects it) */
                if (maybe)
                        m->kind = DL_VAL_DYNAMIC;
                return;
        }
        CXCursor var;
        if (!s->body || !local_object_ref(e, &var)) {
                m->kind = DL_VAL_DYNAMIC;
                return;
        }
        /* The variable's initializer list, then emplace/insert/[] before use. */
        CXCursor kids[8];
        unsigned nk = dl_cx_children(var, kids, 8);
        for (unsigned i = 0; i < nk && i < 8; i++) {
                if (!clang_isExpression(clang_getCursorKind(kids[i])))
                        continue;
                CXCursor l = find_init_list(kids[i]);
                if (clang_Cursor_isNull(l))
                        continue;
                CXCursor items[256];
                unsigned n = dl_cx_children(l, items, 256);
                for (unsigned j = 0; j < n && j < 256; j++) {
                        CXCursor k, v;
                        if (pair_of(items[j], &k, &v))
                                map_add(s, m, is_names, k, v, items[j], use, false, false);
                        else
                                m->kind = DL_VAL_DYNAMIC;
                }
        }
        unsigned decl = off_of(var);
        DL_VEC(unsigned) handled = {0}; /* references accounted for below */
        for (size_t i = 0; i < s->body->calls.n; i++) {
                const struct dl_body_call *c = &s->body->calls.items[i];
                if (c->off <= decl)
                        continue;
                enum dl_when w = dl_body_when(s->body, c->off, use);
                if (w == DL_WHEN_NEVER)
                        continue;
                CXCursor call = c->cursor;
                const char *name = dl_cx_spelling(s->cx, call);
                int nargs = clang_Cursor_getNumArguments(call);
                CXCursor k, v;
                if ((!strcmp(name, "emplace") || !strcmp(name, "try_emplace")) && nargs == 2 &&
                    refers_to(member_object(call), var)) {
                        DL_VEC_PUSH(&handled, off_of(member_object(call)));
                        map_add(s, m, is_names, clang_Cursor_getArgument(call, 0),
                                clang_Cursor_getArgument(call, 1), call, use, w == DL_WHEN_MAYBE,
                                false);
                } else if (!strcmp(name, "insert") && nargs == 1 &&
                           refers_to(member_object(call), var)) {
                        DL_VEC_PUSH(&handled, off_of(member_object(call)));
                        if (pair_of(clang_Cursor_getArgument(call, 0), &k, &v))
                                map_add(s, m, is_names, k, v, call, use, w == DL_WHEN_MAYBE,
                                        false);
                        else
                                m->kind = DL_VAL_DYNAMIC;
                } else if (!strcmp(name, "operator=") && nargs == 2) {
                        CXCursor lhs = dl_cx_strip(clang_Cursor_getArgument(call, 0));
                        if (clang_getCursorKind(lhs) == CXCursor_CallExpr &&
                            name_is(s->cx, lhs, "operator[]") &&
                            clang_Cursor_getNumArguments(lhs) == 2 &&
                            refers_to(dl_cx_strip(clang_Cursor_getArgument(lhs, 0)), var)) {
                                DL_VEC_PUSH(&handled,
                                            off_of(dl_cx_strip(clang_Cursor_getArgument(lhs, 0))));
                                map_add(s, m, is_names, clang_Cursor_getArgument(lhs, 1),
                                        clang_Cursor_getArgument(call, 1), call, use,
                                        w == DL_WHEN_MAYBE, true);
                        }
                } else if (!is_names && (!strncmp(name, "Set", 3) || !strncmp(name, "With", 4))) {
                        CXCursor obj = member_object(call);
                        if (clang_getCursorKind(obj) == CXCursor_CallExpr &&
                            name_is(s->cx, obj, "operator[]") &&
                            clang_Cursor_getNumArguments(obj) == 2 &&
                            refers_to(dl_cx_strip(clang_Cursor_getArgument(obj, 0)), var)) {
                                DL_VEC_PUSH(&handled,
                                            off_of(dl_cx_strip(clang_Cursor_getArgument(obj, 0))));
                                map_add(s, m, is_names, clang_Cursor_getArgument(obj, 1), call,
                                        call, use, w == DL_WHEN_MAYBE, true);
                        }
                }
        }
        /* anything else that may write the map: entries we cannot list */
        if (var_may_change(s, var, decl, use, handled.items, handled.n))
                m->kind = DL_VAL_DYNAMIC;
        DL_VEC_FREE(&handled);
        if (maybe)
                m->kind = DL_VAL_DYNAMIC;
}

static struct dl_attr_map *map_of(struct dl_request *r, const char *member, bool *is_names)
{
        *is_names = false;
        if (!strcmp(member, "ExpressionAttributeNames")) {
                *is_names = true;
                return &r->names;
        }
        if (!strcmp(member, "ExpressionAttributeValues"))
                return &r->values;
        if (!strcmp(member, "Key"))
                return &r->key;
        if (!strcmp(member, "Item"))
                return &r->item;
        return NULL;
}

static void build_expr(struct scope *s, struct dl_request *r, CXCursor e, unsigned use);

/* What an element of a nested collection becomes. */
struct elem_spec {
        enum dl_op op;
        const char *member;          /* NULL for wrappers: set by their setter */
        const struct dl_value *table; /* the batch map's key, or NULL */
};

/* Build one member from expression e (added at offset use) and append it
 * to container c. A member whose shape cannot be known (an opaque or
 * empty wrapper) is not invented: the container escapes instead. */
static void add_member(struct scope *s, struct dl_request *c, CXCursor e, unsigned use,
                       bool maybe, const struct elem_spec *spec)
{
        struct dl_request m;
        dl_request_init(&m, spec->op);
        m.member = spec->member;
        m.call = loc_of(s->cx, e);
        m.function = c->function;
        m.recognizer = c->recognizer;
        m.spell_fix = c->spell_fix;
        build_expr(s, &m, e, use);
        if (spec->table)
                m.fields[DL_FIELD_TABLE_NAME] = *spec->table;
        if (maybe || !m.member)
                dl_request_mark_escaped(c);
        if (!m.member)
                return;
        struct dl_request *items = dl_arena_alloc(s->cx->arena, (c->n_items + 1) * sizeof *items);
        if (c->n_items)
                memcpy(items, c->items, c->n_items * sizeof *items);
        items[c->n_items++] = m;
        c->items = items;
}

static bool is_call_named(struct dl_cx *cx, CXCursor c, const char *name, int nargs)
{
        return clang_getCursorKind(c) == CXCursor_CallExpr && name_is(cx, c, name) &&
               clang_Cursor_getNumArguments(c) == nargs;
}

/* What to do with one element of an initializer list. */
typedef void (*list_item_fn)(struct scope *s, struct dl_request *c, CXCursor item,
                             unsigned use, bool maybe, const void *data);

/* Calls fn on each element of the initializer list `list` (at most 256;
 * a longer list makes c escaped: members ddblint did not list). */
static void each_list_item(struct scope *s, struct dl_request *c, CXCursor list, unsigned use,
                           bool maybe, list_item_fn fn, const void *data)
{
        CXCursor items[256];
        unsigned n = dl_cx_children(list, items, 256);
        if (n > 256)
                dl_request_mark_escaped(c);
        for (unsigned i = 0; i < n && i < 256; i++)
                fn(s, c, items[i], use, maybe, data);
}

/* The initializer of the local variable var: each element of its
 * initializer list; nothing for an empty construction; anything else (a
 * copy of something ddblint cannot list) makes c escaped. */
static void each_init_item(struct scope *s, struct dl_request *c, CXCursor var, bool maybe,
                           list_item_fn fn, const void *data)
{
        CXCursor kids[8];
        unsigned nk = dl_cx_children(var, kids, 8);
        for (unsigned i = nk < 8 ? nk : 8; i-- > 0;) {
                if (!clang_isExpression(clang_getCursorKind(kids[i])))
                        continue;
                CXCursor l = find_init_list(kids[i]);
                if (!clang_Cursor_isNull(l))
                        each_list_item(s, c, l, off_of(var), maybe, fn, data);
                else if (!is_empty_construct(kids[i]))
                        dl_request_mark_escaped(c);
                return;
        }
}

/* The start of a collection argument (vector of elements, batch map): an
 * initializer list or an empty temporary is handled here (returns false);
 * a local variable has its initializer walked and *var set (returns true:
 * the caller follows what is added to it before use); anything else makes
 * c escaped (returns false). */
static bool collection_start(struct scope *s, struct dl_request *c, CXCursor arg, unsigned use,
                             bool maybe, list_item_fn fn, const void *data, CXCursor *var)
{
        CXCursor e = dl_cx_strip(arg);
        CXCursor list = find_init_list(e);
        if (clang_Cursor_isNull(list) && is_empty_construct(e))
                return false;
        if (!clang_Cursor_isNull(list)) {
                each_list_item(s, c, list, use, maybe, fn, data);
                return false;
        }
        if (!s->body || !local_object_ref(e, var)) {
                dl_request_mark_escaped(c);
                return false;
        }
        each_init_item(s, c, *var, maybe, fn, data);
        return true;
}

static void member_item(struct scope *s, struct dl_request *c, CXCursor item, unsigned use,
                        bool maybe, const void *spec)
{
        add_member(s, c, item, use, maybe, spec);
}

/* A vector of elements: an initializer list, an empty temporary, or a
 * local vector filled with push_back / emplace_back before use. */
static void list_from_expr(struct scope *s, struct dl_request *c, CXCursor arg, unsigned use,
                           bool maybe, const struct elem_spec *spec)
{
        CXCursor var;
        if (!collection_start(s, c, arg, use, maybe, member_item, spec, &var))
                return;
        unsigned decl = off_of(var);
        DL_VEC(unsigned) handled = {0};
        for (size_t i = 0; i < s->body->calls.n; i++) {
                const struct dl_body_call *bc = &s->body->calls.items[i];
                if (bc->off <= decl)
                        continue;
                enum dl_when w = dl_body_when(s->body, bc->off, use);
                if (w == DL_WHEN_NEVER)
                        continue;
                CXCursor call = bc->cursor;
                CXCursor obj = member_object(call);
                if (!refers_to(obj, var))
                        continue;
                if (is_call_named(s->cx, call, "push_back", 1) ||
                    is_call_named(s->cx, call, "emplace_back", 1)) {
                        DL_VEC_PUSH(&handled, off_of(obj));
                        add_member(s, c, clang_Cursor_getArgument(call, 0), bc->off,
                                   maybe || w == DL_WHEN_MAYBE, spec);
                } else if (is_call_named(s->cx, call, "reserve", 1)) {
                        DL_VEC_PUSH(&handled, off_of(obj)); /* capacity only */
                }
        }
        if (var_may_change(s, var, decl, use, handled.items, handled.n))
                dl_request_mark_escaped(c);
        DL_VEC_FREE(&handled);
}

/* One entry of a batch map: table name k, value v. */
static void batch_entry(struct scope *s, struct dl_request *c, const struct nested *nd, CXCursor k,
                        CXCursor v, unsigned use, bool maybe)
{
        struct dl_eval ev = {s->cx, s->body, use};
        struct dl_value *table = dl_arena_alloc(s->cx->arena, sizeof *table);
        *table = dl_eval_string(&ev, k, loc_of(s->cx, k));
        struct elem_spec spec = {nd->op, nd->name, table};
        if (nd->kind == NEST_TABLE_ONE)
                add_member(s, c, v, use, maybe, &spec);
        else
                list_from_expr(s, c, v, use, maybe, &spec);
}

static void batch_item(struct scope *s, struct dl_request *c, CXCursor item, unsigned use,
                       bool maybe, const void *nd)
{
        CXCursor k, v;
        if (pair_of(item, &k, &v))
                batch_entry(s, c, nd, k, v, use, maybe);
        else
                dl_request_mark_escaped(c);
}

/* A batch map (table name -> elements): an initializer list, an empty
 * temporary, or a local map filled with emplace / insert / [] before use. */
static void batch_from_expr(struct scope *s, struct dl_request *c, const struct nested *nd,
                            CXCursor arg, unsigned use, bool maybe)
{
        CXCursor var;
        if (!collection_start(s, c, arg, use, maybe, batch_item, nd, &var))
                return;
        unsigned decl = off_of(var);
        DL_VEC(unsigned) handled = {0};
        for (size_t i = 0; i < s->body->calls.n; i++) {
                const struct dl_body_call *bc = &s->body->calls.items[i];
                if (bc->off <= decl)
                        continue;
                enum dl_when w = dl_body_when(s->body, bc->off, use);
                if (w == DL_WHEN_NEVER)
                        continue;
                CXCursor call = bc->cursor;
                bool m2 = maybe || w == DL_WHEN_MAYBE;
                CXCursor obj = member_object(call);
                CXCursor k, v;
                if (refers_to(obj, var) && (is_call_named(s->cx, call, "emplace", 2) ||
                                            is_call_named(s->cx, call, "try_emplace", 2))) {
                        DL_VEC_PUSH(&handled, off_of(obj));
                        batch_entry(s, c, nd, clang_Cursor_getArgument(call, 0),
                                    clang_Cursor_getArgument(call, 1), bc->off, m2);
                } else if (refers_to(obj, var) && is_call_named(s->cx, call, "insert", 1) &&
                           pair_of(clang_Cursor_getArgument(call, 0), &k, &v)) {
                        DL_VEC_PUSH(&handled, off_of(obj));
                        batch_entry(s, c, nd, k, v, bc->off, m2);
                } else if (is_call_named(s->cx, call, "operator=", 2)) {
                        /* m[table] = value */
                        CXCursor lhs = dl_cx_strip(clang_Cursor_getArgument(call, 0));
                        if (is_call_named(s->cx, lhs, "operator[]", 2) &&
                            refers_to(dl_cx_strip(clang_Cursor_getArgument(lhs, 0)), var)) {
                                DL_VEC_PUSH(&handled,
                                            off_of(dl_cx_strip(clang_Cursor_getArgument(lhs, 0))));
                                batch_entry(s, c, nd, clang_Cursor_getArgument(lhs, 1),
                                            clang_Cursor_getArgument(call, 1), bc->off, m2);
                        }
                } else if (nd->kind == NEST_TABLE_LIST &&
                           (is_call_named(s->cx, call, "push_back", 1) ||
                            is_call_named(s->cx, call, "emplace_back", 1)) &&
                           is_call_named(s->cx, obj, "operator[]", 2) &&
                           refers_to(dl_cx_strip(clang_Cursor_getArgument(obj, 0)), var)) {
                        /* m[table].push_back(write_request) */
                        DL_VEC_PUSH(&handled, off_of(dl_cx_strip(clang_Cursor_getArgument(obj, 0))));
                        struct dl_eval ev = {s->cx, s->body, bc->off};
                        CXCursor tk = clang_Cursor_getArgument(obj, 1);
                        struct dl_value *table = dl_arena_alloc(s->cx->arena, sizeof *table);
                        *table = dl_eval_string(&ev, tk, loc_of(s->cx, tk));
                        struct elem_spec spec = {nd->op, nd->name, table};
                        add_member(s, c, clang_Cursor_getArgument(call, 0), bc->off, m2, &spec);
                }
        }
        if (var_may_change(s, var, decl, use, handled.items, handled.n))
                dl_request_mark_escaped(c);
        DL_VEC_FREE(&handled);
}

/* Set/With/Add of a nested member (nested[] above) on r. */
static void apply_nested(struct scope *s, struct dl_request *r, const struct nested *nd,
                         CXCursor call, bool add, bool maybe)
{
        int nargs = clang_Cursor_getNumArguments(call);
        unsigned at = off_of(call);
        switch (nd->kind) {
        case NEST_WRAP: {
                if (nargs != 1 || add) {
                        dl_request_mark_escaped(r);
                        return;
                }
                struct dl_request t;
                dl_request_init(&t, nd->op);
                t.member = nd->name;
                t.function = r->function;
                t.recognizer = r->recognizer;
                t.spell_fix = r->spell_fix;
                build_expr(s, &t, clang_Cursor_getArgument(call, 0), at);
                if (maybe) {
                        /* which shape the wrapper holds depends on the path */
                        dl_request_mark_escaped(r);
                        return;
                }
                t.call = r->call;
                t.request_decl = r->request_decl;
                *r = t;
                return;
        }
        case NEST_LIST: {
                struct elem_spec spec = {nd->op, NULL, NULL};
                if (add && nargs == 1) {
                        add_member(s, r, clang_Cursor_getArgument(call, 0), at, maybe, &spec);
                } else if (!add && nargs == 1) {
                        if (!maybe) {
                                r->items = NULL;
                                r->n_items = 0;
                        }
                        list_from_expr(s, r, clang_Cursor_getArgument(call, 0), at, maybe, &spec);
                } else {
                        dl_request_mark_escaped(r);
                }
                return;
        }
        case NEST_TABLE_LIST:
        case NEST_TABLE_ONE:
                if (add && nargs == 2) {
                        batch_entry(s, r, nd, clang_Cursor_getArgument(call, 0),
                                    clang_Cursor_getArgument(call, 1), at, maybe);
                } else if (!add && nargs == 1) {
                        if (!maybe) {
                                r->items = NULL;
                                r->n_items = 0;
                        }
                        batch_from_expr(s, r, nd, clang_Cursor_getArgument(call, 0), at, maybe);
                } else {
                        dl_request_mark_escaped(r);
                }
                return;
        case NEST_KEYS:
                /* the keys of a BatchGetItem entry: present, entries not modelled */
                r->key.kind = DL_VAL_DYNAMIC;
                if (!r->key.loc.file)
                        r->key.loc = loc_of(s->cx, call);
                return;
        }
}

/* Apply one Set/With/Add call on the request. Returns false when call is
 * not a setter of a request class. */
static bool apply_setter(struct scope *s, struct dl_request *r, CXCursor call, enum dl_when w,
                         unsigned use)
{
        const char *cls = method_class(s->cx, call);
        if (!model_class(cls))
                return false;
        const char *name = dl_cx_spelling(s->cx, call);
        const char *member;
        bool add = false;
        if (!strncmp(name, "Set", 3))
                member = name + 3;
        else if (!strncmp(name, "With", 4))
                member = name + 4;
        else if (!strncmp(name, "Add", 3)) {
                member = name + 3;
                add = true;
        } else
                return true; /* a getter or other member: no effect */
        bool maybe = w == DL_WHEN_MAYBE;
        int nargs = clang_Cursor_getNumArguments(call);
        const struct nested *nd = find_nested(cls, member);
        if (nd) {
                apply_nested(s, r, nd, call, add, maybe);
                return true;
        }
        if (!find_member(cls, member))
                return true;
        bool is_names;
        struct dl_attr_map *m = map_of(r, member, &is_names);
        unsigned at = off_of(call);
        if (m) {
                if (add && nargs == 2) {
                        map_add(s, m, is_names, clang_Cursor_getArgument(call, 0),
                                clang_Cursor_getArgument(call, 1), call, at, maybe, false);
                } else if (!add && nargs == 1) {
                        map_from_expr(s, m, is_names, clang_Cursor_getArgument(call, 0), at, maybe);
                } else {
                        m->kind = DL_VAL_DYNAMIC;
                }
                return true;
        }
        enum dl_field f;
        if (!dl_field_from_api_name(member, strlen(member), &f))
                return true;
        if (nargs != 1 || add) {
                r->fields[f] = dl_value_dynamic(loc_of(s->cx, call));
                return true;
        }
        CXCursor arg = clang_Cursor_getArgument(call, 0);
        if (maybe) {
                r->fields[f] = dl_value_dynamic(loc_of(s->cx, arg));
                return true;
        }
        r->fields[f] = fold_field(s, f, arg, at);
        return true;
}

/* Merge a request state computed on some paths (or in a callee) into r. */
static void merge(struct dl_arena *a, struct dl_request *r, const struct dl_request *t,
                  bool maybe)
{
        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                if (t->fields[f].kind == DL_VAL_ABSENT)
                        continue;
                r->fields[f] = t->fields[f];
                if (maybe)
                        r->fields[f].kind = DL_VAL_DYNAMIC;
        }
        struct dl_attr_map *rm[] = {&r->names, &r->values, &r->key, &r->item};
        const struct dl_attr_map *tm[] = {&t->names, &t->values, &t->key, &t->item};
        for (unsigned i = 0; i < 4; i++) {
                if (tm[i]->kind == DL_VAL_ABSENT)
                        continue;
                *rm[i] = *tm[i];
                if (maybe)
                        rm[i]->kind = DL_VAL_DYNAMIC;
        }
        if (t->member && !maybe) {
                r->op = t->op;
                r->member = t->member;
        } else if (t->member && !r->member) {
                dl_request_mark_escaped(r); /* shape known on some paths only */
        }
        if (t->n_items) {
                /* members added on the callee's paths: appended */
                struct dl_request *items =
                        dl_arena_alloc(a, (r->n_items + t->n_items) * sizeof *items);
                if (r->n_items)
                        memcpy(items, r->items, r->n_items * sizeof *items);
                memcpy(items + r->n_items, t->items, t->n_items * sizeof *items);
                r->items = items;
                r->n_items += t->n_items;
                if (maybe)
                        dl_request_mark_escaped(r);
        }
        if (t->escaped)
                dl_request_mark_escaped(r);
}

/* Does function def have a body in this TU? */
static bool has_body(CXCursor def)
{
        if (clang_Cursor_isNull(def))
                return false;
        CXCursor kids[32];
        unsigned n = dl_cx_children(def, kids, 32);
        for (unsigned i = 0; i < n && i < 32; i++) {
                if (clang_getCursorKind(kids[i]) == CXCursor_CompoundStmt)
                        return true;
        }
        return false;
}

struct returns {
        CXCursor items[8];
        unsigned n;
};

static enum CXChildVisitResult find_returns(CXCursor c, CXCursor parent, CXClientData data)
{
        struct returns *rs = data;
        (void)parent;
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k == CXCursor_LambdaExpr)
                return CXChildVisit_Continue;
        if (k == CXCursor_ReturnStmt) {
                if (rs->n < 8)
                        rs->items[rs->n] = c;
                rs->n++;
                return CXChildVisit_Continue;
        }
        return CXChildVisit_Recurse;
}

/* A request returned by a function of this TU: analyse its returns. */
static bool build_from_helper(struct scope *s, struct dl_request *r, CXCursor call)
{
        CXCursor fn = clang_getCursorDefinition(clang_getCursorReferenced(call));
        if (s->depth >= MAX_HELPER_DEPTH || !has_body(fn))
                return false;
        struct dl_body body;
        dl_body_init(&body, fn);
        struct scope inner = {s->cx, &body, s->req_class, s->depth + 1, 0};
        struct returns rs = {.n = 0};
        clang_visitChildren(fn, find_returns, &rs);
        bool ok = rs.n >= 1 && rs.n <= 8;
        for (unsigned i = 0; ok && i < rs.n; i++) {
                CXCursor kid[1];
                if (dl_cx_children(rs.items[i], kid, 1) < 1) {
                        ok = false;
                        break;
                }
                struct dl_request t;
                dl_request_init(&t, r->op);
                build_expr(&inner, &t, kid[0], off_of(rs.items[i]));
                if (i == 0) {
                        merge(s->cx->arena, r, &t, false);
                } else {
                        /* several returns: fields that differ become DYNAMIC */
                        for (unsigned f = 0; f < DL_FIELD_COUNT; f++) {
                                const struct dl_value *a = &r->fields[f], *b = &t.fields[f];
                                bool same = a->kind == b->kind &&
                                            (a->kind != DL_VAL_KNOWN ||
                                             (a->text && b->text && a->len == b->len &&
                                              !memcmp(a->text, b->text, a->len)));
                                if (!same)
                                        r->fields[f] = dl_value_dynamic(b->loc);
                        }
                        if (t.escaped)
                                dl_request_mark_escaped(r);
                }
        }
        dl_body_fini(&body);
        return ok;
}

static bool is_const_ref_or_value(CXType t)
{
        if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
                return clang_isConstQualifiedType(clang_getPointeeType(t));
        if (t.kind == CXType_Pointer)
                return clang_isConstQualifiedType(clang_getPointeeType(t));
        return true;
}

static void apply_var(struct scope *s, struct dl_request *r, CXCursor var, unsigned use,
                      bool fill_mode);

/* Is call a DynamoDB client operation? Sets *op and *kind. */
static bool client_call(struct dl_cx *cx, CXCursor call, const struct aws_op **op,
                        enum dl_call_kind *kind)
{
        CXCursor m = clang_getCursorReferenced(call);
        enum CXCursorKind mk = clang_getCursorKind(m);
        if (mk != CXCursor_CXXMethod && mk != CXCursor_FunctionTemplate)
                return false;
        const char *name = dl_cx_spelling(cx, call);
        *op = parse_method(name, strlen(name), kind);
        if (!*op)
                return false;
        const char *q = dl_cx_qualified_name(cx, clang_getCursorSemanticParent(m));
        return strncmp(q, "Aws::DynamoDB::", 15) == 0 && strncmp(q, "Aws::DynamoDB::Model::", 22) != 0;
}

/* Events on a request variable: setters, fills, escapes, assignments. */
static void apply_var(struct scope *s, struct dl_request *r, CXCursor var, unsigned use,
                      bool fill_mode)
{
        enum CXCursorKind vk = clang_getCursorKind(var);
        CXType vt = clang_getCursorType(var);
        if (!fill_mode) {
                if (vk == CXCursor_ParmDecl || vt.kind == CXType_LValueReference ||
                    vt.kind == CXType_RValueReference || vt.kind == CXType_Pointer ||
                    vk != CXCursor_VarDecl) {
                        /* comes from the caller or an alias: unknown contents */
                        dl_request_mark_escaped(r);
                } else {
                        CXCursor kids[8];
                        unsigned n = dl_cx_children(var, kids, 8);
                        for (unsigned i = n < 8 ? n : 8; i-- > 0;) {
                                if (clang_isExpression(clang_getCursorKind(kids[i]))) {
                                        build_expr(s, r, kids[i], off_of(var));
                                        break;
                                }
                        }
                }
                if (!r->request_decl.file) {
                        r->request_decl = loc_of(s->cx, var);
                        r->variable = dl_cx_spelling(s->cx, var);
                }
        }
        if (!s->body)
                return;
        unsigned decl = off_of(var);
        /* offsets of references that are accounted for */
        DL_VEC(unsigned) seen = {0};
        for (size_t i = 0; i < s->body->calls.n; i++) {
                const struct dl_body_call *c = &s->body->calls.items[i];
                CXCursor call = c->cursor;
                if (c->off < decl)
                        continue;
                enum dl_when w = dl_body_when(s->body, c->off, use);
                /* member call on the variable (possibly through a With chain) */
                CXCursor obj = member_object(call);
                CXCursor base = obj;
                for (int k = 0; k < 32 && clang_getCursorKind(base) == CXCursor_CallExpr &&
                                model_class(method_class(s->cx, base));
                     k++)
                        base = member_object(base);
                if (!clang_Cursor_isNull(base) && refers_to(base, var)) {
                        if (clang_equalCursors(base, obj))
                                DL_VEC_PUSH(&seen, off_of(base));
                        if (w != DL_WHEN_NEVER && model_class(method_class(s->cx, call)))
                                apply_setter(s, r, call, w, use);
                        continue;
                }
                /* the variable as an argument */
                int nargs = clang_Cursor_getNumArguments(call);
                for (int a = 0; a < nargs; a++) {
                        CXCursor arg = dl_cx_strip_address(clang_Cursor_getArgument(call, a));
                        if (!refers_to(arg, var))
                                continue;
                        DL_VEC_PUSH(&seen, off_of(arg));
                        if (w == DL_WHEN_NEVER)
                                continue;
                        const struct aws_op *op;
                        enum dl_call_kind kind;
                        if (client_call(s->cx, call, &op, &kind))
                                continue; /* const& to the client: not an escape */
                        CXCursor callee = clang_getCursorReferenced(call);
                        enum CXCursorKind ck = clang_getCursorKind(callee);
                        const char *cname = dl_cx_spelling(s->cx, call);
                        if (ck == CXCursor_Constructor && nargs == 1)
                                continue; /* a copy */
                        if (!strcmp(cname, "push_back") || !strcmp(cname, "emplace_back") ||
                            !strcmp(cname, "push_front") || !strcmp(cname, "insert") ||
                            !strcmp(cname, "emplace"))
                                continue; /* copied or moved into a container */
                        if (!strcmp(cname, "operator=") && a == 0 && nargs == 2) {
                                struct dl_request t;
                                dl_request_init(&t, r->op);
                                build_expr(s, &t, clang_Cursor_getArgument(call, 1), c->off);
                                if (w == DL_WHEN_SURE) {
                                        memcpy(t.exprs, r->exprs, sizeof t.exprs);
                                        r->escaped = r->escaped || t.escaped;
                                        memcpy(r->fields, t.fields, sizeof r->fields);
                                        r->names = t.names;
                                        r->values = t.values;
                                        r->key = t.key;
                                        r->item = t.item;
                                        r->items = t.items;
                                        r->n_items = t.n_items;
                                        if (t.member) {
                                                r->op = t.op;
                                                r->member = t.member;
                                        }
                                } else {
                                        merge(s->cx->arena, r, &t, true);
                                }
                                continue;
                        }
                        if (!strcmp(cname, "operator=") && a == 1)
                                continue; /* copied into something else */
                        CXCursor def = clang_getCursorDefinition(callee);
                        CXType pt = clang_getArgType(clang_getCursorType(callee), (unsigned)a);
                        if (pt.kind != CXType_Invalid && is_const_ref_or_value(pt) &&
                            !(pt.kind == CXType_Pointer && clang_getCursorKind(
                                      clang_Cursor_getArgument(call, a)) == CXCursor_UnaryOperator &&
                              false))
                                continue; /* read only */
                        if (has_body(def) && s->depth < MAX_HELPER_DEPTH &&
                            (unsigned)a < (unsigned)clang_Cursor_getNumArguments(def)) {
                                struct dl_body body;
                                dl_body_init(&body, def);
                                struct scope inner = {s->cx, &body, s->req_class, s->depth + 1, 0};
                                struct dl_request t;
                                dl_request_init(&t, r->op);
                                apply_var(&inner, &t, clang_Cursor_getArgument(def, (unsigned)a),
                                          UINT_MAX, true);
                                merge(s->cx->arena, r, &t, w == DL_WHEN_MAYBE);
                                dl_body_fini(&body);
                                continue;
                        }
                        dl_request_mark_escaped(r);
                }
        }
        /* any other reference before the use: an alias or a copy elsewhere */
        for (size_t i = 0; i < s->body->refs.n; i++) {
                const struct dl_body_ref *ref = &s->body->refs.items[i];
                if (ref->off <= decl || !clang_equalCursors(ref->decl, var))
                        continue;
                if (dl_body_when(s->body, ref->off, use) == DL_WHEN_NEVER || ref->off == use)
                        continue;
                bool known = false;
                for (size_t k = 0; k < seen.n && !known; k++)
                        known = seen.items[k] == ref->off;
                if (!known)
                        dl_request_mark_escaped(r);
        }
        DL_VEC_FREE(&seen);
}

/* Follow the request expression e (the client call's argument, an
 * initializer, a return value). */
static void build_expr_at(struct scope *s, struct dl_request *r, CXCursor e, unsigned use);

static void build_expr(struct scope *s, struct dl_request *r, CXCursor e, unsigned use)
{
        if (s->nest >= MAX_NEST) {
                dl_request_mark_escaped(r);
                return;
        }
        s->nest++;
        build_expr_at(s, r, e, use);
        s->nest--;
}

static void build_expr_at(struct scope *s, struct dl_request *r, CXCursor e, unsigned use)
{
        CXCursor chain[64];
        unsigned n = 0;
        e = dl_cx_strip_address(e);
        while (clang_getCursorKind(e) == CXCursor_CallExpr &&
               clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_CXXMethod &&
               model_class(method_class(s->cx, e))) {
                if (n == 64) {
                        dl_request_mark_escaped(r);
                        return;
                }
                chain[n++] = e;
                e = member_object(e);
        }
        enum CXCursorKind k = clang_getCursorKind(e);
        CXCursor ref = clang_getCursorReferenced(e);
        if (k == CXCursor_CallExpr && clang_getCursorKind(ref) == CXCursor_Constructor) {
                int nargs = clang_Cursor_getNumArguments(e);
                if (nargs == 1)
                        build_expr(s, r, clang_Cursor_getArgument(e, 0), use);
                else if (nargs > 1)
                        dl_request_mark_escaped(r);
        } else if (k == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 0 &&
                   clang_Cursor_isNull(member_object(e)) && n == 0 &&
                   clang_getCursorKind(ref) == CXCursor_Constructor) {
                /* QueryRequest() */
        } else if (k == CXCursor_DeclRefExpr &&
                   (clang_getCursorKind(ref) == CXCursor_VarDecl ||
                    clang_getCursorKind(ref) == CXCursor_ParmDecl)) {
                apply_var(s, r, ref, use, false);
        } else if (k == CXCursor_CallExpr && build_from_helper(s, r, e)) {
                /* done */
        } else if (k == CXCursor_InitListExpr || k == CXCursor_UnexposedExpr) {
                /* QueryRequest{} or a default-initialized temporary */
                CXCursor kids[1];
                if (dl_cx_children(e, kids, 1) > 0)
                        dl_request_mark_escaped(r);
        } else {
                dl_request_mark_escaped(r);
        }
        for (unsigned i = n; i-- > 0;)
                apply_setter(s, r, chain[i], DL_WHEN_SURE, use);
}

static enum dl_status match(const struct dl_rctx *ctx, CXCursor call, struct dl_request_vec *out,
                            struct dl_error *err)
{
        (void)err;
        const struct aws_op *op;
        enum dl_call_kind kind;
        if (clang_getCursorKind(call) != CXCursor_CallExpr || !client_call(ctx->cx, call, &op, &kind))
                return DL_OK;
        struct dl_request r;
        dl_request_init(&r, op->op);
        r.call_kind = kind;
        r.call = loc_of(ctx->cx, call);
        r.function = ctx->function;
        r.recognizer = "aws-cpp";
        r.spell_fix = spell_fix;
        r.client_method = dl_cx_spelling(ctx->cx, call);
        if (dl_cx_in_macro(call)) {
                struct dl_loc sp;
                if (dl_cx_macro_spelling(ctx->cx, call, r.client_method, &sp))
                        r.call_spelling = sp;
        }
        if (clang_Cursor_getNumArguments(call) < 1) {
                dl_request_mark_escaped(&r);
        } else {
                struct scope s = {ctx->cx, ctx->body, op->req_class, 0, 0};
                build_expr(&s, &r, clang_Cursor_getArgument(call, 0), off_of(call));
        }
        DL_VEC_PUSH(out, r);
        return DL_OK;
}

/* The SDK's spelling of a fix: the member's setter, or its adder with an
 * AttributeValue built by the type's setter (aws/dynamodb/model). */
static void spell_fix(struct dl_strbuf *sb, const struct dl_fix *fix)
{
        const char *v = fix->value ? fix->value : "...";
        if (fix->kind == DL_FIX_SET_FIELD) {
                enum dl_field_kind k = dl_field_kind(fix->field);
                bool bare = k == DL_FK_INT || k == DL_FK_BOOL;
                dl_strbuf_printf(sb, bare ? "Set%s(%s)" : "Set%s(\"%s\")",
                                 dl_field_api_name(fix->field), v);
                return;
        }
        dl_strbuf_printf(sb, "Add%s(\"%s\", ", dl_map_api_name(fix->map), fix->key ? fix->key : "...");
        if (fix->map == DL_MAP_NAMES) {
                dl_strbuf_printf(sb, "\"%s\")", v);
                return;
        }
        const char *suffix = "S";
        for (size_t i = 0; i < sizeof setters / sizeof setters[0]; i++) {
                if (setters[i].type == fix->type)
                        suffix = setters[i].suffix;
        }
        dl_strbuf_printf(sb, "AttributeValue().Set%s(%s))", suffix, v);
}

const struct dl_recognizer dl_recognizer_aws_cpp = {
        "aws-cpp",
        "AWS SDK for C++: Aws::DynamoDB::DynamoDBClient operations (plain, Async, Callable, "
        "Paginator)",
        match,
};

/* ---- token recovery ------------------------------------------------------------ */

struct toks {
        struct dl_cx *cx;
        CXToken *t;
        const char **s; /* spellings, arena */
        unsigned begin, end;
};

static const char *tsp(const struct toks *T, unsigned i)
{
        return i >= T->begin && i < T->end ? T->s[i - T->begin] : "";
}

static bool ts_is(const struct toks *T, unsigned i, const char *s)
{
        return strcmp(tsp(T, i), s) == 0;
}

/* Index of the token after the ')' matching the '(' at open. */
static unsigned skip_parens(const struct toks *T, unsigned open)
{
        int d = 0;
        for (unsigned i = open; i < T->end; i++) {
                if (ts_is(T, i, "(") || ts_is(T, i, "{") || ts_is(T, i, "["))
                        d++;
                else if (ts_is(T, i, ")") || ts_is(T, i, "}") || ts_is(T, i, "]"))
                        d--;
                if (d == 0)
                        return i + 1;
        }
        return T->end;
}

/* Skip Aws::DynamoDB::Model:: style qualifiers. */
static unsigned skip_qual(const struct toks *T, unsigned i)
{
        while (i + 1 < T->end && clang_getTokenKind(T->t[i]) == CXToken_Identifier &&
               ts_is(T, i + 1, "::"))
                i += 2;
        if (ts_is(T, i, "::"))
                i++;
        return i;
}

/* A value made only of string-literal tokens in [a, b). */
static struct dl_value tok_string(const struct toks *T, unsigned a, unsigned b, struct dl_loc at)
{
        struct dl_strbuf text;
        struct dl_loc_vec locs = {0};
        dl_strbuf_init(&text);
        bool ok = a < b;
        for (unsigned i = a; ok && i < b; i++) {
                struct dl_loc l = dl_cx_loc(T->cx, clang_getTokenLocation(T->cx->tu, T->t[i]));
                ok = clang_getTokenKind(T->t[i]) == CXToken_Literal &&
                     dl_eval_decode_literal(tsp(T, i), strlen(tsp(T, i)), l, &text, &locs);
        }
        struct dl_value v = ok ? dl_value_known(T->cx->arena, text.buf ? text.buf : "", text.len,
                                                locs.n == text.len ? locs.items : NULL, at)
                               : dl_value_dynamic(at);
        dl_strbuf_fini(&text);
        DL_VEC_FREE(&locs);
        return v;
}

/* Apply `.SetX(args)` / `.WithX(args)` / `.AddX(args)` at name token i. */
static void tok_setter(const struct toks *T, struct dl_request *r, const char *cls, unsigned i,
                       bool maybe)
{
        const char *name = tsp(T, i);
        const char *member;
        if (!strncmp(name, "Set", 3) || !strncmp(name, "Add", 3))
                member = name + 3;
        else if (!strncmp(name, "With", 4))
                member = name + 4;
        else
                return;
        if (!find_member(cls, member) || !ts_is(T, i + 1, "("))
                return;
        struct dl_loc at = dl_cx_loc(T->cx, clang_getTokenLocation(T->cx->tu, T->t[i]));
        bool is_names;
        struct dl_attr_map *m = map_of(r, member, &is_names);
        if (m) {
                m->kind = DL_VAL_DYNAMIC;
                m->loc = at;
                return;
        }
        enum dl_field f;
        if (!dl_field_from_api_name(member, strlen(member), &f))
                return;
        unsigned close = skip_parens(T, i + 1) - 1;
        if (maybe || name[0] == 'A' ||
            (dl_field_kind(f) != DL_FK_STRING && dl_field_kind(f) != DL_FK_EXPR))
                r->fields[f] = dl_value_dynamic(at);
        else
                r->fields[f] = tok_string(T, i + 2, close, at);
}

static int brace_depth(const struct toks *T, unsigned from, unsigned to)
{
        int d = 0;
        for (unsigned i = from; i < to; i++) {
                if (ts_is(T, i, "{"))
                        d++;
                else if (ts_is(T, i, "}"))
                        d--;
        }
        return d;
}

/* Is token k preceded, within its statement, by `&&`, `||` or `?` (a
 * setter that runs on some paths only)? */
static bool short_circuited(const struct toks *T, unsigned begin, unsigned k)
{
        for (unsigned i = k; i-- > begin;) {
                if (ts_is(T, i, ";") || ts_is(T, i, "{") || ts_is(T, i, "}"))
                        return false;
                if (ts_is(T, i, "&&") || ts_is(T, i, "||") || ts_is(T, i, "?"))
                        return true;
        }
        return false;
}

/* Index of the '(' (or '[', '<') matching the closer at close, searching
 * back no further than lo; UINT_MAX when unbalanced. */
static unsigned match_back(const struct toks *T, unsigned lo, unsigned close)
{
        const char *c = tsp(T, close);
        const char *o = !strcmp(c, ")") ? "(" : !strcmp(c, "]") ? "[" : "<";
        int d = 0;
        for (unsigned i = close + 1; i-- > lo;) {
                if (ts_is(T, i, ";") || ts_is(T, i, "{") || ts_is(T, i, "}"))
                        return UINT_MAX;
                if (ts_is(T, i, c))
                        d++;
                else if (ts_is(T, i, o) && --d == 0)
                        return i;
        }
        return UINT_MAX;
}

static bool is_name(const struct toks *T, unsigned i)
{
        return clang_getTokenKind(T->t[i]) == CXToken_Identifier || ts_is(T, i, "this");
}

/*
 * The first token of the postfix expression that ends at token end (the
 * receiver of `.Op(` / `->Op(`), searching back no further than lo:
 * names (`db_`, `this`), qualified names (`ns::Db::get`, `::g`), calls
 * with balanced parentheses (`client()`, `get<T>(x)`), subscripts
 * (`clients[n + 1]`), member access (`a.b->c`), and a parenthesized
 * expression as the primary (`(*ptr)`). UINT_MAX when it is none of
 * these: the request type still has to prove the call either way.
 */
static unsigned receiver_start(const struct toks *T, unsigned lo, unsigned end)
{
        unsigned e = end;
        for (;;) {
                unsigned s;
                if (e < lo)
                        return UINT_MAX;
                if (ts_is(T, e, ")") || ts_is(T, e, "]")) {
                        bool paren = ts_is(T, e, ")");
                        unsigned o = match_back(T, lo, e);
                        if (o == UINT_MAX)
                                return UINT_MAX;
                        unsigned callee = UINT_MAX; /* the callee or subscripted expression */
                        if (o > lo && (is_name(T, o - 1) || ts_is(T, o - 1, ")") ||
                                       ts_is(T, o - 1, "]")))
                                callee = o - 1;
                        else if (o > lo && ts_is(T, o - 1, ">")) { /* a template-id: f<T>(x) */
                                unsigned lt = match_back(T, lo, o - 1);
                                if (lt != UINT_MAX && lt > lo && is_name(T, lt - 1))
                                        callee = lt - 1;
                        }
                        if (callee != UINT_MAX) {
                                e = callee;
                                continue;
                        }
                        if (!paren)
                                return UINT_MAX; /* `[...]` alone is no receiver */
                        s = o;                   /* `(*ptr)` */
                } else if (is_name(T, e)) {
                        s = e;
                        /* a qualified name: ns::Db::get, ::g */
                        while (s > lo && ts_is(T, s - 1, "::")) {
                                if (s - 1 > lo && clang_getTokenKind(T->t[s - 2]) == CXToken_Identifier)
                                        s -= 2;
                                else {
                                        s -= 1;
                                        break;
                                }
                        }
                } else {
                        return UINT_MAX;
                }
                if (s >= lo + 2 && (ts_is(T, s - 1, ".") || ts_is(T, s - 1, "->"))) {
                        e = s - 2;
                        continue;
                }
                return s;
        }
}

/* The setters of a With chain `.WithX(...).WithY(...)` in tokens [k, end).
 * Returns true when something else follows (the request may then be
 * changed in ways the chain does not show). */
static bool tok_with_chain(const struct toks *T, struct dl_request *r, const char *req_class,
                           unsigned k, unsigned end)
{
        while (k + 2 < end && ts_is(T, k, ".") && ts_is(T, k + 2, "(") &&
               !strncmp(tsp(T, k + 1), "With", 4)) {
                tok_setter(T, r, req_class, k + 1, false);
                k = skip_parens(T, k + 2);
        }
        return k < end;
}

size_t dl_aws_cpp_recover(struct dl_cx *cx, CXToken *toks, unsigned head_begin,
                          unsigned body_begin, unsigned body_end, const char *function,
                          const struct dl_request_vec *skip, struct dl_request_vec *out)
{
        if (body_end <= head_begin)
                return 0;
        struct toks T = {cx, toks, NULL, head_begin, body_end};
        /* spellings, indexed from 0 (offset by head_begin) */
        const char **sp = dl_arena_alloc(cx->arena, (body_end - head_begin) * sizeof *sp);
        for (unsigned i = head_begin; i < body_end; i++)
                sp[i - head_begin] = dl_cx_take(cx->arena, clang_getTokenSpelling(cx->tu, toks[i]));
        T.s = sp; /* tsp(&T, i - head_begin) is token i's spelling */
        size_t added = 0;
        for (unsigned m = body_begin + 2; m + 1 < body_end; m++) {
                /* `<receiver> . Op (` or `<receiver> -> Op (` */
                if (clang_getTokenKind(toks[m]) != CXToken_Identifier ||
                    !(ts_is(&T, m - 1, ".") || ts_is(&T, m - 1, "->")) || !ts_is(&T, m + 1, "("))
                        continue;
                enum dl_call_kind kind;
                const struct aws_op *op = parse_method(tsp(&T, m), strlen(tsp(&T, m)), &kind);
                if (!op)
                        continue;
                /* the call's location: the start of the receiver expression,
                 * as for calls from the AST (`m_client->Scan(req)` is at
                 * m_client; `this->a.b->Scan(req)` at this; `db_.client().
                 * Scan(r)` at db_; `(*p).Scan(r)` at the '(') */
                unsigned start = receiver_start(&T, body_begin, m - 2);
                if (start == UINT_MAX)
                        continue;
                unsigned i = start; /* tokens before i precede the call */
                struct dl_loc at = dl_cx_loc(cx, clang_getTokenLocation(cx->tu, toks[start]));
                bool dup = false;
                for (size_t k = 0; k < skip->n && !dup; k++) {
                        const struct dl_request *q = &skip->items[k];
                        dup = q->call.file && at.file && !strcmp(q->call.file, at.file) &&
                              q->call.line == at.line && q->client_method &&
                              !strcmp(q->client_method, tsp(&T, m));
                }
                if (dup)
                        continue;
                /* the first argument: [a0, a1) */
                unsigned a0 = m + 2, a1 = a0;
                int d = 0;
                for (; a1 < body_end; a1++) {
                        if (ts_is(&T, a1, "(") || ts_is(&T, a1, "{") || ts_is(&T, a1, "["))
                                d++;
                        else if (ts_is(&T, a1, ")") || ts_is(&T, a1, "}") || ts_is(&T, a1, "]")) {
                                if (d == 0)
                                        break;
                                d--;
                        } else if (d == 0 && ts_is(&T, a1, ","))
                                break;
                }
                struct dl_request r;
                dl_request_init(&r, op->op);
                r.call_kind = kind;
                r.call = at;
                r.function = function;
                r.recognizer = "aws-cpp";
                r.spell_fix = spell_fix;
                r.client_method = tsp(&T, m);
                r.inferred = true;
                bool proven = false;
                unsigned q = skip_qual(&T, a0);
                /* `c.Op(v)` or `c.Op(v.WithX(...)...)`: v's own With chain */
                bool var_chain = a1 > a0 + 1 && ts_is(&T, a0 + 1, ".");
                if ((a1 == a0 + 1 || var_chain) &&
                    clang_getTokenKind(toks[a0]) == CXToken_Identifier) {
                        /* a variable: find its declaration `ReqClass [&*] V` */
                        const char *v = tsp(&T, a0);
                        unsigned decl = 0;
                        for (unsigned k = head_begin; k < i && !decl; k++) {
                                if (!ts_is(&T, k, op->req_class))
                                        continue;
                                unsigned w = k + 1;
                                while (w < i && (ts_is(&T, w, "&") || ts_is(&T, w, "*") ||
                                                 ts_is(&T, w, "&&") || ts_is(&T, w, "const")))
                                        w++;
                                if (ts_is(&T, w, v))
                                        decl = w;
                        }
                        if (!decl)
                                continue;
                        proven = true;
                        r.request_decl = dl_cx_loc(cx, clang_getTokenLocation(cx->tu, toks[decl]));
                        if (decl < body_begin || !ts_is(&T, decl + 1, ";"))
                                dl_request_mark_escaped(&r); /* a parameter or initialized */
                        int call_depth = brace_depth(&T, body_begin, i);
                        bool escaped = false;
                        for (unsigned k = decl + 1; k < i; k++) {
                                if (!ts_is(&T, k, v) || (k > 0 && (ts_is(&T, k - 1, ".") ||
                                                                   ts_is(&T, k - 1, "->"))))
                                        continue;
                                if (ts_is(&T, k + 1, ".") && k + 2 < i) {
                                        bool maybe = brace_depth(&T, body_begin, k) > call_depth ||
                                                     ts_is(&T, k - 1, ")") || ts_is(&T, k - 1, "else") ||
                                                     short_circuited(&T, body_begin, k);
                                        tok_setter(&T, &r, op->req_class, k + 2, maybe);
                                } else {
                                        escaped = true;
                                }
                        }
                        if (var_chain)
                                escaped |= tok_with_chain(&T, &r, op->req_class, a0 + 1, a1);
                        if (escaped)
                                dl_request_mark_escaped(&r);
                } else if (q < a1 && ts_is(&T, q, op->req_class) &&
                           (ts_is(&T, q + 1, "(") || ts_is(&T, q + 1, "{"))) {
                        /* a temporary with a With chain */
                        proven = true;
                        if (tok_with_chain(&T, &r, op->req_class, skip_parens(&T, q + 1), a1))
                                dl_request_mark_escaped(&r);
                }
                if (!proven)
                        continue;
                DL_VEC_PUSH(out, r);
                added++;
        }
        return added;
}
