/* request.h - the normalized DynamoDB request: what recognizers produce and
 * checks read. It does not depend on which client library made it.
 * SPDX-License-Identifier: MIT
 *
 * Ownership: a request and everything it points to live in the arena of the
 * translation unit it was found in (core/arena.h); nothing here is freed one
 * by one. Strings are borrowed from that arena.
 *
 * Values are tri-state (design.md section 0):
 *   DL_VAL_ABSENT   provably never set on this request
 *   DL_VAL_KNOWN    set, and at least part of the text is known: segs holds
 *                   a template of known text and holes (parts only known at
 *                   run time, e.g. `pk + " = :v"` is <hole> " = :v"), or at
 *                   least one hole has a shape (model/template.h: a value
 *                   that is one `<shard:16>` hole is KNOWN without text)
 *   DL_VAL_DYNAMIC  set, or possibly set (the request escaped to code
 *                   ddblint cannot see), with no text known
 * Checks decide only on what is certain. Only DL_VAL_ABSENT means absent.
 */
#ifndef DL_MODEL_REQUEST_H
#define DL_MODEL_REQUEST_H

#include "../core/loc.h"
#include "response.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct dl_arena;
struct dl_strbuf;
struct dl_expr; /* model/expr.h: parsed expression (issue #3) */
struct dl_partiql; /* model/partiql.h: parsed PartiQL statement (issue #9) */
struct dl_hole; /* model/template.h: what is known of a hole */
struct dl_fix;  /* model/fix.h: a fix a check proposes, as data */
struct dl_shape; /* model/shape.h: a structure built in objects */

enum dl_op {
#define DL_OP(e, name) DL_OP_##e,
#include "op.def"
#undef DL_OP
        DL_OP_COUNT
};

enum dl_field_kind {
        DL_FK_STRING,
        DL_FK_EXPR,
        DL_FK_INT,
        DL_FK_BOOL,
        DL_FK_ENUM,
        DL_FK_PRESENT,
};

enum dl_field {
#define DL_FIELD(e, api, key, kind) DL_FIELD_##e,
#include "field.def"
#undef DL_FIELD
        DL_FIELD_COUNT
};

enum dl_value_kind { DL_VAL_ABSENT = 0, DL_VAL_KNOWN, DL_VAL_DYNAMIC };

/* How the client method was called (the AWS SDK for C++ naming: Op,
 * OpAsync, OpCallable, OpPaginator). Pure-C clients use PLAIN. */
enum dl_call_kind { DL_CALL_PLAIN = 0, DL_CALL_ASYNC, DL_CALL_CALLABLE, DL_CALL_PAGINATOR };

/* One part of a template. text == NULL marks a hole (known only at run
 * time); hole then says what is known of it (model/template.h), NULL when
 * nothing is. For known text, locs (may be NULL) has len entries: locs[i] is the
 * source position of byte i of text, mapped through escapes, concatenated
 * literals and macro expansions (expansion location, 1-based line/col). */
struct dl_segment {
        const char *text;
        size_t len;                 /* bytes */
        const struct dl_loc *locs;  /* NULL or len entries */
        /* NULL or len entries: where byte i is written when that is not
         * where the value is used (inside a #define's literal, a constant's
         * initializer); an entry with file NULL has no such place. */
        const struct dl_loc *origin_locs;
        const struct dl_hole *hole; /* holes only: the shape, or NULL */
};

struct dl_value {
        enum dl_value_kind kind;
        /* DL_VAL_KNOWN with no holes: the whole text (NUL-terminated, len
         * bytes, may contain NUL bytes); NULL otherwise. */
        const char *text;
        size_t len;
        /* DL_VAL_KNOWN: the template, n_segs >= 1. Holes have text == NULL. */
        const struct dl_segment *segs;
        size_t n_segs;
        struct dl_loc loc;    /* where it was set: the setter call or argument */
        struct dl_loc origin; /* where the text was defined when elsewhere (a
                                 #define, a constant); invalid (file NULL) when
                                 the text is written at loc */
        bool unseen;          /* DYNAMIC only because the request escaped: no
                                 setter was seen, the member may or may not be
                                 set (dl_request_mark_escaped) */
        const char *env;      /* DYNAMIC: the value is environment variable
                                 env's, whole (getenv("TABLE_NAME"); struct
                                 dl_hole.env), else NULL */
};

/* DynamoDB's attribute value types: the members of an AttributeValue
 * (DynamoDB API 2012-08-10, AttributeValue). DL_ATTR_UNKNOWN: not known. */
enum dl_attr_type {
        DL_ATTR_UNKNOWN = 0,
        DL_ATTR_S,
        DL_ATTR_N,
        DL_ATTR_B,
        DL_ATTR_BOOL,
        DL_ATTR_NULL,
        DL_ATTR_L,
        DL_ATTR_M,
        DL_ATTR_SS,
        DL_ATTR_NS,
        DL_ATTR_BS,
};

/* One entry of ExpressionAttributeNames / ExpressionAttributeValues / Key /
 * Item: key is "#n", ":v" or an attribute name; for names, val is the
 * attribute name; for values, type is the entry's DynamoDB type and val the
 * scalar text when known. */
struct dl_attr {
        struct dl_value key;
        struct dl_value val;
        enum dl_attr_type type;
        struct dl_loc loc;    /* where the entry was added */
};

struct dl_attr_map {
        /* ABSENT: never set. KNOWN: every entry is listed in items (keys
         * may still be templates). DYNAMIC: some entries are unknown (the map
         * came from code ddblint cannot see); items lists those that are
         * known. */
        enum dl_value_kind kind;
        struct dl_attr *items;
        size_t n;
        struct dl_loc loc;    /* where the map was first set */
};

/* A BatchGetItem member's Keys (KeysAndAttributes): one map per key, each
 * read as a Key is. ABSENT: none read key by key (none set, or a client
 * whose keys are not modelled); KNOWN: every key is listed; DYNAMIC: some
 * keys are not known (those listed are). */
struct dl_key_list {
        enum dl_value_kind kind;
        struct dl_attr_map *items;
        size_t n;
        struct dl_loc loc; /* where the list was first set */
};

/** dl_key_list_append - list with a copy of m appended (storage from a:
 * the earlier entries are copied, the list given is left as it was). */
struct dl_key_list dl_key_list_append(struct dl_arena *a, const struct dl_key_list *list,
                                      const struct dl_attr_map *m);

/* The maps a request keeps, by DynamoDB member name. */
enum dl_map {
        DL_MAP_NAMES,   /* ExpressionAttributeNames  */
        DL_MAP_VALUES,  /* ExpressionAttributeValues */
        DL_MAP_KEY,     /* Key  */
        DL_MAP_ITEM,    /* Item */
        DL_MAP_COUNT
};

struct dl_request {
        enum dl_op op;
        enum dl_call_kind call_kind;
        struct dl_value fields[DL_FIELD_COUNT];
        struct dl_attr_map names;   /* ExpressionAttributeNames  */
        struct dl_attr_map values;  /* ExpressionAttributeValues */
        struct dl_attr_map key;     /* Key (GetItem, UpdateItem, DeleteItem...) */
        struct dl_attr_map item;    /* Item (PutItem) */
        struct dl_loc call;         /* expansion location of the client call */
        struct dl_loc call_spelling;/* spelling location when it differs (macro); else invalid */
        struct dl_loc request_decl; /* where the request object was declared; may be invalid */
        const char *variable;       /* the local variable holding the request in the
                                       calling function, or NULL (a temporary, a
                                       helper's return value) */
        const char *function;       /* enclosing function's qualified name, or NULL */
        const char *recognizer;     /* "aws-cpp", "wrapper:app::ddb::query" */
        const char *client_method;  /* as written: "QueryAsync", "ScanPaginator" */
        const char *api_version;    /* NULL: DynamoDB API 2012-08-10, the current
                                       one; "2011-12-05" for a request of the
                                       previous version (DynamoDB_20111205.*) */
        /* How the request's client API spells a fix (model/fix.h), set by
         * its recognizer; NULL: DynamoDB's JSON member names. */
        void (*spell_fix)(struct dl_strbuf *sb, const struct dl_request *req,
                          const struct dl_fix *fix);
        /* A low-level request: the JSON body it is sent with (model/
         * json_request.h reads it into the request when it is sent), or
         * NULL. */
        const struct dl_value *json_body;
        /* A CreateTable or UpdateTable read from a JSON body (model/
         * json_request.h) or built in objects (shape below): the table it
         * defines, or the change it makes, as DynamoDB receives it, written out as compact
         * JSON text (KNOWN, no hole) whose bytes keep the source locations
         * of what they were read from; a value only known at run time (a
         * hole, an open object or list) is written {"Fn::RunTime": ""},
         * which the table reader takes for a computed value (rules/
         * ruleset.h, dl_ruleset_code_table). NULL otherwise, and when the
         * body's top-level object may have members ddblint cannot see. */
        const struct dl_value *definition;
        /* The members of a DynamoDB structure the request's client builds
         * in objects (model/shape.h: an AWS SDK for C++ CreateTableRequest's
         * KeySchema, AttributeDefinitions, indexes, BillingMode and
         * ProvisionedThroughput; the elements' own members on a tracked
         * element object), or NULL; written out as definition when a
         * CreateTable or UpdateTable is sent. */
        const struct dl_shape *shape;
        bool escaped;               /* passed to code ddblint cannot see */
        bool members_listed;        /* escaped only because batch or transaction
                                       members were added on some paths (in a
                                       loop): every member that may be sent is
                                       among items, how many times is unknown;
                                       dl_request_mark_escaped clears it */
        bool inferred;              /* recovered from tokens: clang could not type
                                       the call; the request type proves the op */
        struct dl_request *items;   /* batch / transaction members */
        size_t n_items;
        /* A BatchGetItem member (KeysAndAttributes): its keys one by one
         * (its key map is DYNAMIC: it holds no single key) */
        struct dl_key_list keys;
        /* A BatchGetItem member (KeysAndAttributes): how many keys its Keys
         * list holds when every one is known (a JSON array with no hole);
         * 0 when not known. */
        size_t n_keys;
        /* For a member of items: the API shape it was built from: "Put",
         * "Update", "Delete", "ConditionCheck" (TransactWriteItems), "Get"
         * (TransactGetItems), "PutRequest", "DeleteRequest" (BatchWriteItem),
         * "KeysAndAttributes" (BatchGetItem). A member's op is the single-item
         * operation it behaves like (PutItem, UpdateItem, DeleteItem,
         * GetItem); a ConditionCheck has none, so its op is
         * DL_OP_TRANSACT_WRITE_ITEMS. A member's call is where it was built
         * or added. NULL for a top-level request. A container whose members
         * could not all be followed is escaped; no member is invented. */
        const char *member;
        struct dl_expr *exprs[DL_FIELD_COUNT]; /* for DL_FK_EXPR fields: parsed by
                                                  model/expr (NULL until then) */
        struct dl_partiql *partiql; /* the Statement, parsed by model/partiql (NULL
                                       until then, and when it has no known text) */
        /* What the sending function does with the response (model/
         * response.h); DL_RESP_UNKNOWN for batch and transaction members
         * and for requests recovered from tokens. */
        struct dl_response response;
};

/** dl_op_name - the API name ("Query") of op; "?" when out of range. */
const char *dl_op_name(enum dl_op op);
/** dl_op_from_name - look up an API name (exact, case sensitive).
 * Returns: true and sets *out when found. */
bool dl_op_from_name(const char *name, size_t len, enum dl_op *out);
/** dl_field_api_name - "KeyConditionExpression" for DL_FIELD_KEY_CONDITION_EXPRESSION. */
const char *dl_field_api_name(enum dl_field f);
/** dl_field_dump_key - the short key used by dl_request_dump ("kce"). */
const char *dl_field_dump_key(enum dl_field f);
/** dl_field_kind - the kind of f (field.def). */
enum dl_field_kind dl_field_kind(enum dl_field f);
/** dl_field_from_api_name - look up "FilterExpression"; true and *out when found. */
bool dl_field_from_api_name(const char *name, size_t len, enum dl_field *out);

/** dl_field_enum_value - is s (len bytes) one of DynamoDB's values for the
 * enum field f (DynamoDB API 2012-08-10: Select, ReturnValue,
 * ReturnConsumedCapacity, ConditionalOperator)? False for other fields. */
bool dl_field_enum_value(enum dl_field f, const char *s, size_t len);

/** dl_attr_type_name - DynamoDB's descriptor of t ("S", "BOOL", "NULL"...);
 * NULL for DL_ATTR_UNKNOWN or out of range. */
const char *dl_attr_type_name(enum dl_attr_type t);
/** dl_attr_type_from_name - look up DynamoDB's descriptor (exact, case
 * sensitive). Returns: true and sets *out when found. */
bool dl_attr_type_from_name(const char *name, size_t len, enum dl_attr_type *out);

/** dl_map_api_name - "ExpressionAttributeNames" for DL_MAP_NAMES... */
const char *dl_map_api_name(enum dl_map m);
/** dl_map_from_api_name - look up a DynamoDB member name of a request map
 * ("ExpressionAttributeValues", "Key"...); true and *out when found. */
bool dl_map_from_api_name(const char *name, size_t len, enum dl_map *out);
/** dl_request_map - the map m of req (transfer none). */
struct dl_attr_map *dl_request_map(struct dl_request *req, enum dl_map m);

/** dl_request_init - zero every member: all fields and maps DL_VAL_ABSENT. */
void dl_request_init(struct dl_request *req, enum dl_op op);
/**
 * dl_request_mark_escaped - the request escaped: every field and map still
 * ABSENT becomes DYNAMIC (they may be set where ddblint cannot see), and
 * maps that are KNOWN become DYNAMIC (entries may be added);
 * members_listed is cleared (members may now be unlisted).
 */
void dl_request_mark_escaped(struct dl_request *req);

/**
 * dl_value_origin_at - where byte offset of v's known text (holes take no
 * bytes) is written, when it comes from a #define or a constant defined
 * elsewhere (struct dl_segment.origin_locs).
 * Returns: true and *out set when known; false otherwise (*out untouched).
 */
bool dl_value_origin_at(const struct dl_value *v, size_t offset, struct dl_loc *out);

/**
 * dl_value_known - make a fully known value (one segment, no holes).
 * @param a     arena that receives a copy of text (len bytes).
 * @param locs  NULL or len byte locations (copied).
 */
struct dl_value dl_value_known(struct dl_arena *a, const char *text, size_t len,
                               const struct dl_loc *locs, struct dl_loc loc);
/**
 * dl_name_list_append - a list of attribute names added one at a time (the
 * AWS SDK for C++'s AddAttributesToGet): list with name appended, as a
 * KNOWN value whose text is each name followed by a NUL byte, the names'
 * bytes located where they are written (docs/architecture.md, "Fixes":
 * the legacy-parameters fix reads them back). list is ABSENT or such a
 * list; name must be fully known and written at its place (no #define, no
 * constant, no escape across lines). Anything else (a list set whole, with
 * an empty text; a name not known) gives DYNAMIC at loc.
 * @param a  arena that receives the value's segments.
 */
struct dl_value dl_name_list_append(struct dl_arena *a, const struct dl_value *list,
                                    const struct dl_value *name, struct dl_loc loc);
/** dl_value_dynamic - a value with no known text, set at loc. */
struct dl_value dl_value_dynamic(struct dl_loc loc);
/** dl_value_is_complete - KNOWN with no holes (text is the whole value). */
bool dl_value_is_complete(const struct dl_value *v);
/** dl_value_equals - complete and its text equals s (NUL-terminated). */
bool dl_value_equals(const struct dl_value *v, const char *s);

/**
 * dl_value_loc_at - the source location of byte offset of v's known text:
 * the concatenation of its known segments, holes contributing zero bytes
 * (the text model/expr.h parses). Added for issue #3.
 * Returns: true and *out = segs[i].locs[j] when that byte has a location;
 * false (and *out = v->loc) when it has none or offset is out of range.
 */
bool dl_value_loc_at(const struct dl_value *v, size_t offset, struct dl_loc *out);

/**
 * dl_value_known_text - the known text of v: its known segments
 * concatenated, holes contributing zero bytes (the text model/expr.h and
 * model/partiql.h parse; offsets into it map back with dl_value_loc_at).
 * @param a    arena that receives the copy.
 * @param len  receives its length in bytes.
 * Returns: the text, NUL-terminated (it may contain NUL bytes), or NULL
 * (and *len 0) when v is not KNOWN or has no known segment at all (a
 * wholly dynamic value). Ownership: (transfer none), lives in a.
 */
char *dl_value_known_text(struct dl_arena *a, const struct dl_value *v, size_t *len);

/**
 * dl_value_dump - append a canonical rendering of v to sb: <absent>,
 * <dynamic>, or a double-quoted template in which holes print their shape
 * (<?> when nothing is known; the syntax of the others is documented in
 * model/template.h: <digits>, <one-of:A|B>, <shard:16>...) and '"', '\\',
 * '<' and bytes outside 0x20..0x7e of known text are escaped as \", \\, \<
 * and \xHH.
 */
void dl_value_dump(struct dl_strbuf *sb, const struct dl_value *v);
/**
 * dl_value_dump_text - append n bytes of known text p as dl_value_dump
 * does, escaping also each byte of the NUL-terminated also (may be NULL)
 * with a backslash (hole shapes escape '|', '>' and '=').
 */
void dl_value_dump_text(struct dl_strbuf *sb, const char *p, size_t n, const char *also);
/**
 * dl_request_dump - append one canonical line (no newline) for req:
 *   "<Op>[<call-kind>] key=value ..." where call-kind is "", "Async",
 *   "Callable" or "Paginator" appended to the op name, followed by every
 *   non-absent field and map sorted by dump key: fields as dl_value_dump,
 *   maps as names={#n="x",...} / values={:v:S,...} (a trailing ,... when
 *   the map is DYNAMIC), then "api=<version>" for a request of a previous
 *   API version, "escaped" and "inferred" flags when set,
 *   "member=<shape>" for a batch or transaction member, and
 *   items=[...; ...] for batch members (each dumped the same way).
 * Keys of absent fields are omitted: a fixture expecting filter=<absent>
 * matches a dump without "filter=".
 */
void dl_request_dump(struct dl_strbuf *sb, const struct dl_request *req);
/**
 * dl_request_signature - append the normalized request signature used in
 * fingerprints: op name, table, index and every expression field, each as
 * dl_value_dump with runs of whitespace inside known text collapsed; no
 * locations, so ordinary edits do not change it.
 */
void dl_request_signature(struct dl_strbuf *sb, const struct dl_request *req);

#endif
