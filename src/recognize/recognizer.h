/* recognizer.h - the uniform interface of a recognizer: what one client
 * library contributes to the request-following engine (engine.h,
 * follow.c). A recognizer turns each call of its library into an event on
 * a tracked object (classify); the engine does the rest once for every
 * library: the walk over the function body in source order, aliases and
 * escapes, helpers of the same translation unit that return or fill a
 * request, merges over branches and loops, batch and transaction members,
 * maps and lists built in C++ containers, folding of values.
 * SPDX-License-Identifier: MIT
 *
 * Adding a recognizer (docs/architecture.md): tools/new-recognizer NAME
 * writes src/recognize/NAME.c (classify and its tables), a mock header, a
 * fixture directory and the line in recognizers.def.
 *
 * Ownership: requests appended to a struct dl_request_vec, and everything
 * they point to, live in ctx->cx->arena; the vector's storage is heap
 * (DL_VEC_FREE). Events hold cursors (values) and static strings.
 */
#ifndef DL_RECOGNIZE_RECOGNIZER_H
#define DL_RECOGNIZE_RECOGNIZER_H

#include "../core/vec.h"
#include "../frontend/body.h"
#include "../frontend/cx.h"
#include "../model/json_request.h"
#include "../model/request.h"
#include "../rules/schema.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>

struct dl_log;
struct dl_ruleset;
struct dl_strbuf;
struct dl_fix;
struct dl_shape;
struct dl_toks;

/* Languages a recognizer applies to (struct dl_recognizer.langs). */
enum dl_lang { DL_LANG_C = 1u, DL_LANG_CXX = 2u };

/* What a recognizer may look at. */
struct dl_rctx {
        struct dl_cx *cx;
        const char *function; /* enclosing function's qualified name (arena) */
        struct dl_log *log;
        bool verbose; /* log tool notes */
        const struct dl_ruleset *rules;
};

/* The translation unit as the applies gate sees it. */
struct dl_unit {
        struct dl_cx *cx;
        enum dl_lang lang;
        const char *text; /* the main file's bytes (borrowed from libclang) */
        size_t len;
        const struct dl_ruleset *rules; /* the rules that apply to it, or NULL */
        /* files read through a precompiled preamble (not among
         * clang_getInclusions); borrowed */
        const char *const *preamble_files;
        size_t n_preamble_files;
};

/**
 * dl_unit_includes - does the translation unit include a file whose path
 * contains part (e.g. "aws/dynamodb/")? Headers that were not found count
 * too when the main file names them in an #include.
 */
bool dl_unit_includes(const struct dl_unit *u, const char *part);
/** dl_unit_mentions - does the text of the main file, or of a header the
 * unit analyses with it (dl_cx_set_own_files), contain s? */
bool dl_unit_mentions(const struct dl_unit *u, const char *s);

struct dl_request_vec {
        struct dl_request *items;
        size_t n, cap;
};

/*
 * What one call does to the object it acts on (struct dl_event.object_arg:
 * a member call's object, or one of its arguments). The engine applies it
 * to the tracked object's state:
 *   DL_EV_NONE       not a call of this library
 *   DL_EV_READ       a call of the library that leaves the object as it is
 *                    (a getter); the call's value may be the object again
 *                    (a link of a chain)
 *   DL_EV_SEND       the client sends the request (op, call_kind): the
 *                    object is the request expression
 *   DL_EV_SET_FIELD  field := args[0]
 *   DL_EV_SET_MAP    map := args[0], a whole map
 *   DL_EV_ADD_ENTRY  map gets args[0] -> args[1]
 *   DL_EV_NESTED     a batch or transaction member of shape nest (op and
 *                    member name of the member request); add: appended
 *   DL_EV_ATTR       an attribute value gets type attr; args[0], when
 *                    n_args is 1, is its scalar text
 *   DL_EV_ATTR_COPY  an attribute value copied from args[0]
 *   DL_EV_JSON_BODY  the request is the low-level JSON body args[0] (a string,
 *                    model/json_request.h), replacing what was set before;
 *                    read when the request is sent, in the API version of
 *                    its target
 *   DL_EV_TARGET     args[0] names the operation: a header line
 *                    (`X-Amz-Target: DynamoDB_20120810.Query`; another header
 *                    changes nothing), a target (`DynamoDB_20120810.Query`)
 *                    or an operation name (`Query`); with list, args[0] is a
 *                    list of header lines built by TARGET events on it (a
 *                    libcurl `struct curl_slist *`)
 *   DL_EV_CREATE     the object (a C handle, filled through an
 *                    out-parameter: `aws4dd_query_op(&op, &spec)`) becomes a
 *                    new request of op whose fields are those of the spec
 *                    struct args[0] (spec: which struct member is which
 *                    request member; a compound literal, or a local struct
 *                    with its initializer and member assignments before the
 *                    call: the spec is read at the call)
 *   DL_EV_SET_PATH   a value set by a JSON pointer into the request
 *                    (`/ExpressionAttributeValues/:v`, `/Item/PK`,
 *                    `/Key/%s`): args[0] the path, args[1] the
 *                    AttributeValue type's descriptor ("S", "SS"...) or a
 *                    null cursor when attr gives it, args[2] the scalar text
 *                    or a null cursor
 *   DL_EV_SHAPE      a member of a DynamoDB structure built in objects
 *                    (model/shape.h: a CreateTableRequest's KeySchema, a
 *                    KeySchemaElement's AttributeName): member := args[0],
 *                    a value of kind shape (with add: args[0] appended to
 *                    the list member; without, for a list, args[0] is a
 *                    container of such values); an OBJECT value is an
 *                    object of the library, built as a request is (its
 *                    events up to the call: the member is a copy) and taken
 *                    whole
 * For SEND, op DL_OP_COUNT says that TARGET events give the operation (a
 * request whose operation stays unknown is dropped: it is not known to be
 * DynamoDB's), and handle that the object is a C library's handle (`CURL
 * *`): a pointer variable is the object itself, not an alias of one.
 * For SEND, body says that the call sends the JSON body args[0] itself (no
 * tracked object: object_arg is ignored), as a request of op in API version
 * api, or, when op is DL_OP_COUNT, of the operation args[1] names (as
 * TARGET's args[0]); a body or target ddblint cannot read is a hole, an
 * operation it cannot read drops the request.
 * For SEND, wrapper (a declaration of the rules file's `wrappers:`) says that
 * the call's arguments are the request's members, by their roles; the
 * operation is wrapper's or names by the argument it says (as TARGET).
 * An event whose object_arg is an argument applies to the tracked object
 * passed there (C functions taking a handle).
 * For SET_FIELD, SET_MAP, ADD_ENTRY and NESTED, n_args is the number of
 * arguments the call has (the engine treats a count it does not expect as
 * a value it cannot know) and add tells an Add from a Set.
 */
enum dl_ev {
        DL_EV_NONE = 0,
        DL_EV_READ,
        DL_EV_SEND,
        DL_EV_SET_FIELD,
        DL_EV_SET_MAP,
        DL_EV_ADD_ENTRY,
        DL_EV_NESTED,
        DL_EV_ATTR,
        DL_EV_ATTR_COPY,
        DL_EV_JSON_BODY,
        DL_EV_TARGET,
        DL_EV_CREATE,
        DL_EV_SET_PATH,
        DL_EV_SHAPE,
};

/* The kind of value a DL_EV_SHAPE member holds (or, for a list, its
 * elements hold). */
enum dl_shape_arg {
        DL_SHAPE_ARG_STRING,
        DL_SHAPE_ARG_NUMBER,
        DL_SHAPE_ARG_ENUM,   /* an enumerator: its name is the value */
        DL_SHAPE_ARG_OBJECT, /* an object of the library (a KeySchemaElement) */
        DL_SHAPE_ARG_STRUCT, /* a C struct (a pointer to one, as a spec struct is
                                given to a constructor): an object of its members
                                by their C names (struct dl_event.spec_shape) */
};

/* How a member of a C spec struct becomes a request member (struct
 * dl_spec_member): C libraries send a member only when it is not zero. */
enum dl_spec_conv {
        DL_SPEC_STRING,  /* a string; NULL: not sent */
        DL_SPEC_PRESENT, /* a structured member (JSON text...); NULL: not sent */
        DL_SPEC_NONZERO, /* an integer; 0: not sent */
        DL_SPEC_TRUE,    /* a bool sent as true when true; false: not sent */
        DL_SPEC_NEGATED, /* a bool that, when true, sends the member false
                            (aws4's scan_index_backward: ScanIndexForward) */
        DL_SPEC_ENUM,    /* an integer i sent as values[i]; 0: not sent */
};

/* One member of a C spec struct (DL_EV_CREATE): "table_name" ->
 * TableName. A nested member is named with dots ("ret.values"). Members a
 * spec table does not list are not request members ddblint models. */
struct dl_spec_member {
        const char *name;
        enum dl_field field;
        enum dl_spec_conv conv;
        const char *const *values; /* DL_SPEC_ENUM: DynamoDB's value by number */
        unsigned n_values;
};

/* DynamoDB's shapes of batch and transaction members (API 2012-08-10). */
enum dl_nest {
        DL_NEST_WRAP,        /* holds one item shape: a TransactWriteItem holds a Put;
                                the shape becomes the member request's op and name */
        DL_NEST_LIST,        /* a list, one member each: of wrappers (TransactItems;
                                member NULL) or of member shapes (member set: the
                                Statements of BatchExecuteStatement, op
                                ExecuteStatement) */
        DL_NEST_TABLE_LIST,  /* table name -> list of wrappers (BatchWriteItem RequestItems) */
        DL_NEST_TABLE_ONE,   /* table name -> one item shape (BatchGetItem RequestItems) */
        DL_NEST_KEYS,        /* a list of keys (KeysAndAttributes Keys): a Key map of
                                unknown entries */
        DL_NEST_PATH_MEMBER, /* a new member of table args[0] whose one value is set
                                by the JSON pointer args[1] into it
                                (`/DeleteRequest/Key/PK`: a DeleteRequest), of type
                                args[2] (or attr) and scalar args[3], as SET_PATH
                                (aws4dd_batch_write_value: one member per call) */
};

struct dl_event {
        enum dl_ev kind;
        int object_arg;              /* DL_BODY_OBJECT or the argument that is the object */
        bool add;                    /* an Add (append) rather than a Set */
        bool handle;                 /* SEND: the object is a C handle (see above) */
        bool list;                   /* TARGET: args[0] is a header list */
        bool body;                   /* SEND: the call sends the JSON body args[0] */
        enum dl_op op;               /* SEND; NESTED: the member's op */
        enum dl_call_kind call_kind; /* SEND */
        enum dl_field field;         /* SET_FIELD */
        enum dl_map map;             /* SET_MAP, ADD_ENTRY */
        enum dl_nest nest;           /* NESTED */
        const char *member;          /* NESTED: the member shape ("Put", "KeysAndAttributes");
                                        SHAPE: the member's name ("KeySchema") */
        enum dl_shape_arg shape;     /* SHAPE: what the value is */
        bool shape_list;             /* SHAPE: the member is a list */
        const struct dl_wrapper *wrapper;  /* SEND: a declared wrapper's call, or NULL */
        enum dl_attr_type attr;            /* ATTR; SET_PATH when args[1] is null */
        const struct dl_spec_member *spec; /* CREATE: the spec struct's members */
        unsigned n_spec;
        /* CREATE: the spec struct is also read whole into the request's
         * shape (model/shape.h), an object of its members by their C names
         * in the library's own terms (dotted when nested): a string member
         * a STRING, an integer a NUMBER, a list of strings ending at NULL
         * (`const char **`) a LIST, NULL or 0 the NUMBER 0, one set on some
         * paths or of another type UNKNOWN. The recognizer's table_shape
         * writes what the library sends of it. */
        bool spec_shape;
        const char *shape_tag;   /* SHAPE with add: the element appended is an
                                  object whose one member shape_tag holds
                                  args[0] (aws4dd's typed attribute adds) */
        enum dl_api_version api; /* SEND with body and a fixed op */
        unsigned n_args;
        CXCursor args[4]; /* the first arguments (null cursors beyond n_args) */
};

struct dl_recognizer {
        const char *id; /* "aws-cpp": struct dl_request.recognizer */
        const char *summary;
        unsigned langs; /* DL_LANG_C | DL_LANG_CXX */
        /* A cheap gate, asked once per translation unit: may the unit hold
         * calls of this library (its headers included)? */
        bool (*applies)(const struct dl_unit *u);
        /* Fill *ev (zeroed by the caller) for call, a CallExpr; leave
         * DL_EV_NONE when the call is not this library's. */
        void (*classify)(const struct dl_rctx *ctx, CXCursor call, struct dl_event *ev);
        /* Optional: token recovery for a function clang could not type
         * (ctx->function is its name as spelled). T: the main file's
         * tokens (tokens.h); [body_begin, body_end) the body, [head_begin,
         * body_begin) its head; skip: requests already found (not to be
         * duplicated); returns the number appended to out. */
        size_t (*recover)(const struct dl_rctx *ctx, const struct dl_toks *T, unsigned head_begin,
                          unsigned body_begin, unsigned body_end, const struct dl_request_vec *skip,
                          struct dl_request_vec *out);
        /* Optional: for a function body [body_begin, body_end) of T, what
         * clang dropped of the requests of reqs (read from the AST) made
         * in it: a C handle's constructor call whose spec struct's type is
         * incomplete (cfunc.h dl_cfunc_recover_create). Members the AST
         * resolved are kept. Returns the number of requests filled. */
        size_t (*recover_create)(const struct dl_rctx *ctx, const struct dl_toks *T,
                                 unsigned body_begin, unsigned body_end,
                                 struct dl_request_vec *reqs);
        /* Optional: the request member a method named name sets, when a
         * clang error may have swallowed the call (`SetFilterExpression` ->
         * "FilterExpression"); NULL when it sets none. */
        const char *(*dropped)(const char *name);
        /* Optional: is a type of this spelling a request of the library (a
         * function returning or taking one builds requests for others)? */
        bool (*request_type)(const char *spelling);
        /* Optional: are the requests sent in the body of this function
         * (qualified name) reported at its callers instead (a declared
         * wrapper)? Then the engine reports none of them there. */
        bool (*reported_by_callers)(const struct dl_rctx *ctx, const char *function);
        /* Optional: the DynamoDB structure (model/shape.h) a CreateTable
         * or UpdateTable r sends when the library builds it from r->shape
         * in its own terms (struct dl_event.spec_shape), written out as
         * r's definition (docs/architecture.md, "Tables as code"); NULL
         * when the library sends none (a constructor that fails), which
         * ctx->log says under ctx->verbose, as it says which members are
         * only known at run time. Without the hook r->shape is DynamoDB's
         * structure itself (the AWS SDK for C++). Nodes live in
         * ctx->cx->arena. */
        const struct dl_shape *(*table_shape)(const struct dl_rctx *ctx,
                                              const struct dl_request *r);
        /* How the library's API spells a fix (struct dl_request.spell_fix). */
        void (*spell_fix)(struct dl_strbuf *sb, const struct dl_request *req,
                          const struct dl_fix *fix);
        /* The prefilter's words (prefilter.h), required of every
         * recognizer (unit test recognize_prefilter): call add(set, word)
         * for every identifier that a call classify makes DL_EV_SEND of (or
         * that recover reads as one) must spell in the file that makes it:
         * its client functions or methods ("Query", "QueryAsync"; a C
         * library's function names; a declared wrapper's name from rules,
         * which may be NULL). Derive them from the tables classify reads,
         * not by hand. Return false when the words cannot be named for
         * these rules (a wrapper's pattern that is no literal name): then
         * every file is parsed. A translation unit none of whose
         * identifiers, nor its project headers', is a word of any
         * recognizer is not parsed. */
        bool (*trigger_words)(const struct dl_ruleset *rules,
                              void (*add)(void *set, const char *word), void *set);
};

/** dl_recognizers - the compiled-in recognizers (recognizers.def), in order.
 * @param n  receives the count. Returns: a static table (transfer none). */
const struct dl_recognizer *const *dl_recognizers(size_t *n);

#define DL_RECOGNIZER(sym, id) extern const struct dl_recognizer sym;
#include "recognizers.def"
#undef DL_RECOGNIZER

#endif
