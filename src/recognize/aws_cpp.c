/* aws_cpp.c - recognizer for the AWS SDK for C++ (Aws::DynamoDB::DynamoDBClient):
 * its API as data and its classify hook; the engine (engine.h, follow.c)
 * does the following.
 * SPDX-License-Identifier: MIT
 *
 * Events (struct dl_event): a client call (Op, OpAsync, OpCallable,
 * OpPaginator on any class of namespace Aws::DynamoDB outside ::Model) sends
 * its first argument as a request of Op; a Set/With/Add of a request class
 * or of a class nested in batch and transaction requests sets a field, a
 * map or a nested member (With and Add return the object: chains); any
 * other method of those classes reads; AttributeValue's constructors and
 * typed setters give a value its DynamoDB type. Operations, request classes
 * and members come from aws_cpp_api.def (generated from DynamoDB's API
 * model), nested shapes from nested[] below.
 *
 * When clang could not type a function (a missing project header), recover
 * reads `x.Op(arg)` / `x->Op(arg)` from its tokens, with the request type
 * as proof: a variable declared with it (`QueryRequest q;`, a pointer
 * `ScanRequest *p` sent as `*p`) and its setters, or a temporary with a
 * With chain.
 */
#include "recognizer.h"
#include "tokens.h"

#include "../core/arena.h"
#include "../core/strbuf.h"
#include "../model/fix.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The SDK's classes of DynamoDB's nested shapes (enum dl_nest: API
 * knowledge as data). */

static const struct nested {
        const char *cls, *member;
        enum dl_nest kind;
        enum dl_op op;    /* WRAP: the member's op; others: the element's initial op */
        const char *name; /* WRAP / TABLE_ONE / a LIST of shapes: the member name; else NULL */
} nested[] = {
        {"TransactWriteItem", "Put", DL_NEST_WRAP, DL_OP_PUT_ITEM, "Put"},
        {"TransactWriteItem", "Update", DL_NEST_WRAP, DL_OP_UPDATE_ITEM, "Update"},
        {"TransactWriteItem", "Delete", DL_NEST_WRAP, DL_OP_DELETE_ITEM, "Delete"},
        {"TransactWriteItem", "ConditionCheck", DL_NEST_WRAP, DL_OP_TRANSACT_WRITE_ITEMS,
         "ConditionCheck"},
        {"TransactGetItem", "Get", DL_NEST_WRAP, DL_OP_GET_ITEM, "Get"},
        {"WriteRequest", "PutRequest", DL_NEST_WRAP, DL_OP_PUT_ITEM, "PutRequest"},
        {"WriteRequest", "DeleteRequest", DL_NEST_WRAP, DL_OP_DELETE_ITEM, "DeleteRequest"},
        {"TransactWriteItemsRequest", "TransactItems", DL_NEST_LIST, DL_OP_TRANSACT_WRITE_ITEMS,
         NULL},
        {"TransactGetItemsRequest", "TransactItems", DL_NEST_LIST, DL_OP_TRANSACT_GET_ITEMS, NULL},
        {"BatchWriteItemRequest", "RequestItems", DL_NEST_TABLE_LIST, DL_OP_BATCH_WRITE_ITEM, NULL},
        {"BatchGetItemRequest", "RequestItems", DL_NEST_TABLE_ONE, DL_OP_GET_ITEM,
         "KeysAndAttributes"},
        {"KeysAndAttributes", "Keys", DL_NEST_KEYS, DL_OP_GET_ITEM, NULL},
        /* PartiQL: each statement is its own member of op ExecuteStatement */
        {"BatchExecuteStatementRequest", "Statements", DL_NEST_LIST, DL_OP_EXECUTE_STATEMENT,
         "BatchStatementRequest"},
        {"ExecuteTransactionRequest", "TransactStatements", DL_NEST_LIST, DL_OP_EXECUTE_STATEMENT,
         "ParameterizedStatement"},
};

/* The members of the structures a table is defined with (DynamoDB API
 * 2012-08-10: CreateTable, UpdateTable and the shapes they nest; the AWS
 * SDK for C++ has a class of each shape's name in Aws::DynamoDB::Model
 * with Set/With/Add of each member), as the table reader reads them
 * (rules/ruleset_code.c): DL_EV_SHAPE events, the structure built in
 * model/shape.h. Other members (SSESpecification, Tags...) change nothing
 * the reader reads. */
static const struct table_member {
        const char *cls, *member;
        enum dl_shape_arg arg;
        bool list;
} table_members[] = {
        {"CreateTableRequest", "AttributeDefinitions", DL_SHAPE_ARG_OBJECT, true},
        {"CreateTableRequest", "KeySchema", DL_SHAPE_ARG_OBJECT, true},
        {"CreateTableRequest", "LocalSecondaryIndexes", DL_SHAPE_ARG_OBJECT, true},
        {"CreateTableRequest", "GlobalSecondaryIndexes", DL_SHAPE_ARG_OBJECT, true},
        {"CreateTableRequest", "BillingMode", DL_SHAPE_ARG_ENUM, false},
        {"CreateTableRequest", "ProvisionedThroughput", DL_SHAPE_ARG_OBJECT, false},
        {"UpdateTableRequest", "AttributeDefinitions", DL_SHAPE_ARG_OBJECT, true},
        {"UpdateTableRequest", "BillingMode", DL_SHAPE_ARG_ENUM, false},
        {"UpdateTableRequest", "ProvisionedThroughput", DL_SHAPE_ARG_OBJECT, false},
        {"UpdateTableRequest", "GlobalSecondaryIndexUpdates", DL_SHAPE_ARG_OBJECT, true},
        {"AttributeDefinition", "AttributeName", DL_SHAPE_ARG_STRING, false},
        {"AttributeDefinition", "AttributeType", DL_SHAPE_ARG_ENUM, false},
        {"KeySchemaElement", "AttributeName", DL_SHAPE_ARG_STRING, false},
        {"KeySchemaElement", "KeyType", DL_SHAPE_ARG_ENUM, false},
        {"ProvisionedThroughput", "ReadCapacityUnits", DL_SHAPE_ARG_NUMBER, false},
        {"ProvisionedThroughput", "WriteCapacityUnits", DL_SHAPE_ARG_NUMBER, false},
        {"GlobalSecondaryIndex", "IndexName", DL_SHAPE_ARG_STRING, false},
        {"GlobalSecondaryIndex", "KeySchema", DL_SHAPE_ARG_OBJECT, true},
        {"GlobalSecondaryIndex", "Projection", DL_SHAPE_ARG_OBJECT, false},
        {"GlobalSecondaryIndex", "ProvisionedThroughput", DL_SHAPE_ARG_OBJECT, false},
        {"LocalSecondaryIndex", "IndexName", DL_SHAPE_ARG_STRING, false},
        {"LocalSecondaryIndex", "KeySchema", DL_SHAPE_ARG_OBJECT, true},
        {"LocalSecondaryIndex", "Projection", DL_SHAPE_ARG_OBJECT, false},
        {"Projection", "ProjectionType", DL_SHAPE_ARG_ENUM, false},
        {"Projection", "NonKeyAttributes", DL_SHAPE_ARG_STRING, true},
        {"GlobalSecondaryIndexUpdate", "Create", DL_SHAPE_ARG_OBJECT, false},
        {"GlobalSecondaryIndexUpdate", "Update", DL_SHAPE_ARG_OBJECT, false},
        {"GlobalSecondaryIndexUpdate", "Delete", DL_SHAPE_ARG_OBJECT, false},
        {"CreateGlobalSecondaryIndexAction", "IndexName", DL_SHAPE_ARG_STRING, false},
        {"CreateGlobalSecondaryIndexAction", "KeySchema", DL_SHAPE_ARG_OBJECT, true},
        {"CreateGlobalSecondaryIndexAction", "Projection", DL_SHAPE_ARG_OBJECT, false},
        {"CreateGlobalSecondaryIndexAction", "ProvisionedThroughput", DL_SHAPE_ARG_OBJECT, false},
        {"UpdateGlobalSecondaryIndexAction", "IndexName", DL_SHAPE_ARG_STRING, false},
        {"UpdateGlobalSecondaryIndexAction", "ProvisionedThroughput", DL_SHAPE_ARG_OBJECT, false},
        {"DeleteGlobalSecondaryIndexAction", "IndexName", DL_SHAPE_ARG_STRING, false},
};

/* Is cls a class of table_members[] (its other methods read)? */
static bool table_class(const char *cls)
{
        for (size_t i = 0; i < sizeof table_members / sizeof table_members[0]; i++) {
                if (!strcmp(table_members[i].cls, cls))
                        return true;
        }
        return false;
}

static const struct table_member *find_table_member(const char *cls, const char *member)
{
        for (size_t i = 0; i < sizeof table_members / sizeof table_members[0]; i++) {
                if (!strcmp(table_members[i].cls, cls) && !strcmp(table_members[i].member, member))
                        return &table_members[i];
        }
        return NULL;
}

/* Classes whose setters are followed besides the request classes. */
static const char *const nested_classes[] = {
        "Put",
        "Update",
        "Delete",
        "ConditionCheck",
        "Get",
        "PutRequest",
        "DeleteRequest",
        "KeysAndAttributes",
        "TransactWriteItem",
        "TransactGetItem",
        "WriteRequest",
        "BatchStatementRequest",
        "ParameterizedStatement",
};

static bool model_class(const char *cls)
{
        if (table_class(cls))
                return true;
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

/* The class (unqualified name) of the method a call calls, or "". */
static const char *method_class(struct dl_cx *cx, CXCursor call)
{
        CXCursor m = clang_getCursorReferenced(call);
        enum CXCursorKind k = clang_getCursorKind(m);
        if (k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
                return "";
        return dl_cx_spelling(cx, clang_getCursorSemanticParent(m));
}

/* The SDK's names of AttributeValue's members: SetS, SetBool, SetNull... */
static const struct {
        const char *suffix;
        enum dl_attr_type type;
} setters[] = {{"S", DL_ATTR_S},       {"N", DL_ATTR_N},  {"B", DL_ATTR_B}, {"Bool", DL_ATTR_BOOL},
               {"Null", DL_ATTR_NULL}, {"L", DL_ATTR_L},  {"M", DL_ATTR_M}, {"SS", DL_ATTR_SS},
               {"NS", DL_ATTR_NS},     {"BS", DL_ATTR_BS}};

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
        } adders[] = {{"AddSItem", DL_ATTR_SS},
                      {"AddNItem", DL_ATTR_NS},
                      {"AddBItem", DL_ATTR_BS},
                      {"AddLItem", DL_ATTR_L},
                      {"AddMEntry", DL_ATTR_M}};
        *scalar_arg = false;
        for (size_t i = 0; i < sizeof adders / sizeof adders[0]; i++) {
                if (strcmp(name, adders[i].method) == 0)
                        return adders[i].type;
        }
        const char *suffix = !strncmp(name, "Set", 3)    ? name + 3
                             : !strncmp(name, "With", 4) ? name + 4
                                                         : NULL;
        for (size_t i = 0; suffix && i < sizeof setters / sizeof setters[0]; i++) {
                if (strcmp(suffix, setters[i].suffix) == 0) {
                        *scalar_arg = true;
                        return setters[i].type;
                }
        }
        return DL_ATTR_UNKNOWN;
}

/* The member a setter name sets: SetX and AddX -> X (*add for AddX), WithX
 * -> X; NULL for other names. */
static const char *setter_member(const char *name, bool *add)
{
        *add = !strncmp(name, "Add", 3);
        if (!strncmp(name, "Set", 3) || *add)
                return name + 3;
        return !strncmp(name, "With", 4) ? name + 4 : NULL;
}

/* AttributeValue(s) (a String), AttributeValue(other) (a copy). */
static void classify_attr_ctor(struct dl_cx *cx, CXCursor call, struct dl_event *ev)
{
        if (clang_Cursor_getNumArguments(call) != 1 ||
            !dl_cx_is_named(clang_getCursorReferenced(call), "AttributeValue"))
                return;
        CXCursor a = clang_Cursor_getArgument(call, 0);
        CXCursor as = dl_cx_strip(a);
        const char *ts = dl_cx_take(cx->arena, clang_getTypeSpelling(clang_getCursorType(as)));
        if (strstr(ts, "AttributeValue")) {
                ev->kind = DL_EV_ATTR_COPY;
                ev->args[0] = as;
        } else {
                ev->kind = DL_EV_ATTR;
                ev->attr = DL_ATTR_S;
                ev->n_args = 1;
                ev->args[0] = a;
        }
}

static void classify(const struct dl_rctx *ctx, CXCursor call, struct dl_event *ev)
{
        CXCursor m = clang_getCursorReferenced(call);
        enum CXCursorKind mk = clang_getCursorKind(m);
        if (mk == CXCursor_Constructor) {
                classify_attr_ctor(ctx->cx, call, ev);
                return;
        }
        if (mk != CXCursor_CXXMethod && mk != CXCursor_FunctionTemplate)
                return;
        const char *name = dl_cx_spelling(ctx->cx, call);
        unsigned nargs = (unsigned)clang_Cursor_getNumArguments(call);
        for (unsigned i = 0; i < nargs && i < 2; i++)
                ev->args[i] = clang_Cursor_getArgument(call, i);
        const struct aws_op *op = parse_method(name, strlen(name), &ev->call_kind);
        if (op) {
                const char *q = dl_cx_qualified_name(ctx->cx, clang_getCursorSemanticParent(m));
                if (!strncmp(q, "Aws::DynamoDB::", 15) &&
                    strncmp(q, "Aws::DynamoDB::Model::", 22)) {
                        ev->kind = DL_EV_SEND;
                        ev->op = op->op;
                        ev->object_arg = 0;
                        return;
                }
        }
        const char *cls = method_class(ctx->cx, call);
        ev->object_arg = DL_BODY_OBJECT;
        if (!strcmp(cls, "AttributeValue")) {
                bool scalar = false;
                ev->attr = attr_method_type(name, &scalar);
                if (ev->attr != DL_ATTR_UNKNOWN) {
                        ev->kind = DL_EV_ATTR;
                        ev->n_args = scalar && nargs == 1 ? 1 : 0;
                }
                return;
        }
        if (!model_class(cls))
                return;
        ev->kind = DL_EV_READ; /* a getter, or a member the API does not list */
        ev->n_args = nargs;
        const char *member = setter_member(name, &ev->add);
        if (!member)
                return;
        const struct table_member *tm = find_table_member(cls, member);
        if (tm) {
                /* Add takes an element; Set and With the whole member */
                if (ev->add && !tm->list)
                        return;
                ev->kind = DL_EV_SHAPE;
                ev->member = tm->member;
                ev->shape = tm->arg;
                ev->shape_list = tm->list;
                return;
        }
        const struct nested *nd = find_nested(cls, member);
        if (nd) {
                ev->kind = DL_EV_NESTED;
                ev->nest = nd->kind;
                ev->op = nd->op;
                ev->member = nd->name;
                return;
        }
        if (!find_member(cls, member))
                return;
        if (dl_map_from_api_name(member, strlen(member), &ev->map))
                ev->kind = ev->add ? DL_EV_ADD_ENTRY : DL_EV_SET_MAP;
        else if (dl_field_from_api_name(member, strlen(member), &ev->field))
                ev->kind = DL_EV_SET_FIELD;
}

/* The SDK's spelling of a fix: the member's setter, or its adder with an
 * AttributeValue built by the type's setter (aws/dynamodb/model); as a
 * statement, called on the request's variable (`q.SetLimit(25);`). */
static void spell_fix(struct dl_strbuf *sb, const struct dl_request *req, const struct dl_fix *fix)
{
        if (fix->statement) {
                if (!req || !req->variable || req->member)
                        return;
                struct dl_fix call = *fix;
                call.statement = false;
                dl_strbuf_printf(sb, "%s.", req->variable);
                spell_fix(sb, req, &call);
                dl_strbuf_putc(sb, ';');
                return;
        }
        const char *v = fix->value ? fix->value : "...";
        if (fix->kind == DL_FIX_SET_FIELD) {
                enum dl_field_kind k = dl_field_kind(fix->field);
                bool bare = k == DL_FK_INT || k == DL_FK_BOOL;
                dl_strbuf_printf(sb, bare ? "Set%s(%s)" : "Set%s(\"%s\")",
                                 dl_field_api_name(fix->field), v);
                return;
        }
        dl_strbuf_printf(sb, "Add%s(\"%s\", ", dl_map_api_name(fix->map),
                         fix->key ? fix->key : "...");
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

/* The member a Set/With/Add clang may have dropped sets. */
static const char *dropped(const char *name)
{
        bool add;
        return setter_member(name, &add);
}

/* The SDK's request classes: <Op>Request (aws/dynamodb/model). */
static bool request_type(const char *spelling)
{
        return strstr(spelling, "Request") != NULL;
}

/* The SDK's headers are included, or the main file names the SDK (its
 * headers may be missing: recovery then needs to run). */
static bool applies(const struct dl_unit *u)
{
        return dl_unit_includes(u, "aws/dynamodb/") || dl_unit_mentions(u, "DynamoDB");
}

/* ---- token recovery ---------------------------------------------------------------- */

/* Apply `.SetX(args)` / `.WithX(args)` / `.AddX(args)` at name token i. */
static void tok_setter(const struct dl_toks *T, struct dl_request *r, const char *cls, unsigned i,
                       bool maybe)
{
        bool add;
        const char *member = setter_member(dl_tok(T, i), &add);
        if (!member || !find_member(cls, member) || !dl_tok_is(T, i + 1, "("))
                return;
        struct dl_loc at = dl_tok_loc(T, i);
        enum dl_map map;
        if (dl_map_from_api_name(member, strlen(member), &map)) {
                struct dl_attr_map *m = dl_request_map(r, map);
                m->kind = DL_VAL_DYNAMIC;
                m->loc = at;
                return;
        }
        enum dl_field f;
        if (!dl_field_from_api_name(member, strlen(member), &f))
                return;
        unsigned close = dl_tok_skip_group(T, i + 1) - 1;
        if (maybe || add || (dl_field_kind(f) != DL_FK_STRING && dl_field_kind(f) != DL_FK_EXPR))
                r->fields[f] = dl_value_dynamic(at);
        else
                r->fields[f] = dl_tok_string(T, i + 2, close, at);
}

/* The setters of a With chain `.WithX(...).WithY(...)` in tokens [k, end).
 * Returns true when something else follows (the request may then be
 * changed in ways the chain does not show). */
static bool tok_with_chain(const struct dl_toks *T, struct dl_request *r, const char *req_class,
                           unsigned k, unsigned end)
{
        while (k + 2 < end && dl_tok_is(T, k, ".") && dl_tok_is(T, k + 2, "(") &&
               !strncmp(dl_tok(T, k + 1), "With", 4)) {
                tok_setter(T, r, req_class, k + 1, false);
                k = dl_tok_skip_group(T, k + 2);
        }
        return k < end;
}

/* The request variable v sent at token i (the call's start), declared in
 * [head, i) as `ReqClass [const|&|*|&&] v`: its setters before the call.
 * Returns false when no such declaration proves the request's type. */
static bool tok_variable(const struct dl_toks *T, struct dl_request *r, const char *req_class,
                         unsigned head, unsigned body, unsigned i, const char *v)
{
        unsigned decl = 0;
        bool pointer = false;
        for (unsigned k = head; k < i && !decl; k++) {
                if (!dl_tok_is(T, k, req_class))
                        continue;
                unsigned w = k + 1;
                pointer = false;
                while (w < i && (dl_tok_is(T, w, "&") || dl_tok_is(T, w, "*") ||
                                 dl_tok_is(T, w, "&&") || dl_tok_is(T, w, "const"))) {
                        pointer = pointer || dl_tok_is(T, w, "*");
                        w++;
                }
                if (dl_tok_is(T, w, v))
                        decl = w;
        }
        if (!decl)
                return false;
        r->request_decl = dl_tok_loc(T, decl);
        if (decl < body || !dl_tok_is(T, decl + 1, ";") || pointer)
                dl_request_mark_escaped(r); /* a parameter, initialized, or pointing elsewhere */
        int call_depth = dl_tok_depth(T, body, i);
        bool escaped = false;
        for (unsigned k = decl + 1; k < i; k++) {
                if (!dl_tok_is(T, k, v) || dl_tok_is(T, k - 1, ".") || dl_tok_is(T, k - 1, "->"))
                        continue;
                if ((dl_tok_is(T, k + 1, ".") || (pointer && dl_tok_is(T, k + 1, "->"))) &&
                    k + 2 < i)
                        tok_setter(T, r, req_class, k + 2, dl_tok_maybe(T, body, k, call_depth));
                else
                        escaped = true;
        }
        if (escaped)
                dl_request_mark_escaped(r);
        return true;
}

static size_t recover(const struct dl_rctx *ctx, const struct dl_toks *T, unsigned head_begin,
                      unsigned body_begin, unsigned body_end, const struct dl_request_vec *skip,
                      struct dl_request_vec *out)
{
        if (body_end <= head_begin)
                return 0;
        size_t added = 0;
        for (unsigned m = body_begin + 2; m + 1 < body_end; m++) {
                /* `<receiver> . Op (` or `<receiver> -> Op (` */
                if (clang_getTokenKind(T->t[m]) != CXToken_Identifier ||
                    !(dl_tok_is(T, m - 1, ".") || dl_tok_is(T, m - 1, "->")) ||
                    !dl_tok_is(T, m + 1, "("))
                        continue;
                enum dl_call_kind kind;
                const struct aws_op *op = parse_method(dl_tok(T, m), strlen(dl_tok(T, m)), &kind);
                if (!op || dl_tok_typed_call(T, m))
                        continue; /* not an operation, or read from the AST already */
                /* the call's location: the start of the receiver expression,
                 * as for calls from the AST (`m_client->Scan(req)` is at
                 * m_client; `this->a.b->Scan(req)` at this; `db_.client().
                 * Scan(r)` at db_; `(*p).Scan(r)` at the '(') */
                unsigned start = dl_tok_receiver(T, body_begin, m - 2);
                if (start == UINT_MAX)
                        continue;
                unsigned i = start; /* tokens before i precede the call */
                struct dl_loc at = dl_tok_loc(T, start);
                bool dup = false;
                for (size_t k = 0; k < skip->n && !dup; k++) {
                        const struct dl_request *q = &skip->items[k];
                        dup = q->call.file && at.file && !strcmp(q->call.file, at.file) &&
                              q->call.line == at.line && q->client_method &&
                              !strcmp(q->client_method, dl_tok(T, m));
                }
                if (dup)
                        continue;
                unsigned a0 = m + 2, a1 = dl_tok_arg_end(T, a0); /* the first argument */
                struct dl_request r;
                dl_request_init(&r, op->op);
                r.call_kind = kind;
                r.call = at;
                r.function = ctx->function;
                r.recognizer = "aws-cpp";
                r.spell_fix = spell_fix;
                r.client_method = dl_tok(T, m);
                r.inferred = true;
                bool proven = false;
                unsigned q = dl_tok_skip_qual(T, a0);
                /* `c.Op(*p)`: a request sent through a pointer */
                unsigned v0 = dl_tok_is(T, a0, "*") && a1 == a0 + 2 ? a0 + 1 : a0;
                /* `c.Op(v)` or `c.Op(v.WithX(...)...)`: v's own With chain */
                bool var_chain = v0 == a0 && a1 > a0 + 1 && dl_tok_is(T, a0 + 1, ".");
                if ((a1 == v0 + 1 || var_chain) &&
                    clang_getTokenKind(T->t[v0]) == CXToken_Identifier) {
                        if (!tok_variable(T, &r, op->req_class, head_begin, body_begin, i,
                                          dl_tok(T, v0)))
                                continue;
                        proven = true;
                        if (var_chain && tok_with_chain(T, &r, op->req_class, a0 + 1, a1))
                                dl_request_mark_escaped(&r);
                } else if (q < a1 && dl_tok_is(T, q, op->req_class) &&
                           (dl_tok_is(T, q + 1, "(") || dl_tok_is(T, q + 1, "{"))) {
                        /* a temporary with a With chain */
                        proven = true;
                        if (tok_with_chain(T, &r, op->req_class, dl_tok_skip_group(T, q + 1), a1))
                                dl_request_mark_escaped(&r);
                }
                if (!proven)
                        continue;
                DL_VEC_PUSH(out, r);
                added++;
        }
        return added;
}

/* Every name parse_method accepts: Op, OpAsync, OpCallable and, where the
 * SDK has one, OpPaginator (the SEND events of classify and recover). */
static bool trigger_words(const struct dl_ruleset *rules, void (*add)(void *set, const char *word),
                          void *set)
{
        (void)rules;
        for (size_t i = 0; i < N_OPS; i++) {
                for (unsigned k = 0; k < 4; k++) {
                        if (k == DL_CALL_PAGINATOR && !ops[i].paginator)
                                continue;
                        char w[128];
                        snprintf(w, sizeof w, "%s%s", ops[i].api, kind_suffix[k]);
                        add(set, w);
                }
        }
        return true;
}

const struct dl_recognizer dl_recognizer_aws_cpp = {
        .id = "aws-cpp",
        .summary = "AWS SDK for C++: Aws::DynamoDB::DynamoDBClient operations (plain, Async, "
                   "Callable, Paginator)",
        .langs = DL_LANG_CXX,
        .applies = applies,
        .classify = classify,
        .recover = recover,
        .dropped = dropped,
        .request_type = request_type,
        .spell_fix = spell_fix,
        .trigger_words = trigger_words,
};
