/* response.h - what the code does with a request's response within the
 * function that sends it (docs/architecture.md, "The response flow"):
 * which members of the result it reads, whether it consults the call's
 * success, whether the call runs in a loop. recognize/response.c fills it
 * during the walk of the function; the response checks are pure functions
 * of it.
 * SPDX-License-Identifier: MIT
 *
 * Tri-state like every value of the model: a response ddblint could not
 * follow to its end (returned, stored, handed to code ddblint cannot see)
 * is DL_RESP_UNKNOWN, never "not read".
 */
#ifndef DL_MODEL_RESPONSE_H
#define DL_MODEL_RESPONSE_H

#include "../core/loc.h"

#include <stdbool.h>

enum dl_response_state {
        DL_RESP_UNKNOWN = 0, /* not followed (a client call whose result ddblint does
                                not model), or some of it escaped */
        DL_RESP_FOLLOWED,    /* every use of the response in the function was seen */
};

/* What the code reads of the response (struct dl_response.reads), by
 * DynamoDB's member names (API 2012-08-10). */
enum dl_response_read {
        DL_READ_SUCCESS = 1u << 0,      /* the call's success or error (an outcome's
                                           IsSuccess/GetError, a C status) */
        DL_READ_RESULT = 1u << 1,       /* the result object (an outcome's GetResult) */
        DL_READ_ITEMS = 1u << 2,        /* Items, Item, Count, Attributes, Responses */
        DL_READ_CONTINUATION = 1u << 3, /* LastEvaluatedKey (Query, Scan), NextToken
                                           (ExecuteStatement) */
        DL_READ_UNPROCESSED = 1u << 4,  /* UnprocessedItems (BatchWriteItem),
                                           UnprocessedKeys (BatchGetItem) */
        DL_READ_RESPONSES = 1u << 5,    /* Responses (BatchExecuteStatement: each
                                           carries its statement's Error) */
};

/* The loop around a point of the function (the innermost loop holding
 * it), as far as ddblint can tell what it iterates over. */
enum dl_loop_kind {
        DL_LOOP_NONE = 0, /* not in a loop */
        DL_LOOP_OTHER,    /* a while or do loop, a for ddblint cannot read: pagination,
                             retries, polling, anything */
        DL_LOOP_COUNTED,  /* a for up to a constant count (retries, write shards) or
                             over a container of fixed size */
        DL_LOOP_ELEMENTS, /* over the elements of a container of any size: a
                             range-for over a vector, list, set or map, or a for
                             whose index runs to a bound that is not a constant and
                             subscripts a container or array */
};

struct dl_response {
        enum dl_response_state state;
        unsigned reads;         /* enum dl_response_read, or'ed; meaningful for FOLLOWED */
        bool in_loop;           /* the call sits in a loop's body or head */
        enum dl_loop_kind loop; /* the innermost loop holding the call */
        /* loop is DL_LOOP_ELEMENTS and the request's key (Key; Item for
         * PutItem), or the request expression given to the call, is built
         * from the loop's element: a reference to the element (the
         * range-for's variable, the index) or to a local initialized from
         * it inside the loop. */
        bool key_from_element;
        /* A batch or transaction (BatchWriteItem, BatchGetItem,
         * BatchExecuteStatement, TransactWriteItems, TransactGetItems) sent
         * outside any loop whose members (or BatchGetItem keys) are added
         * inside a DL_LOOP_ELEMENTS loop with no size guard in the function
         * before the call (a size() or length() call outside the loop's
         * head, a break in the loop): where the first such member is
         * added; file NULL when none. */
        struct dl_loc unbounded_add;
        /* The response is an AWS SDK for C++ outcome (Aws::Utils::Outcome);
         * false: a C client's result structure or status. */
        bool outcome;
        /* The response is a raw HTTP answer (libcurl's curl_easy_perform):
         * its JSON text, collected into the CURLOPT_WRITEDATA buffer, and
         * its success, the transfer's CURLcode and the HTTP status. */
        bool http;
        /* The first use of the result with neither a success check nor an
         * escape of the outcome (or C result) before it in the function: a
         * chained or passed GetResult(), the first reference of a variable
         * holding it (`auto &r = o.GetResult();` is used where r is), a
         * member of a C result read; file NULL when there is none. Known
         * also when state is UNKNOWN: what escapes after the use cannot
         * check it first. A raw HTTP answer (http) has one only when
         * nothing in the function consults the transfer's success: its
         * CURLcode unused, no curl_easy_getinfo of the handle, the handle
         * not handed on, no "__type" (DynamoDB's error) read. */
        struct dl_loc unchecked_use;
        const char *why; /* UNKNOWN: why (a static string for --verbose), or NULL */
        /* The function holds a clang error: libclang hides a statement
         * whose expression has an error, whole (an `if (!o.IsSuccess())
         * return std::unexpected(...);` vanishes with its condition), so
         * what the function does with the response is not known: state
         * UNKNOWN, no unchecked_use, no unbounded_add
         * (recognize/recover.c). */
        bool hidden;
};

#endif
