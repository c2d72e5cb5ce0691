/* fuzz.h - what the fuzz targets of fuzz/ share: turning the fuzzer's bytes
 * into templates, requests and files, and running the checks on a request.
 * SPDX-License-Identifier: MIT
 *
 * Each target is one file fuzz/fuzz_<name>.c defining
 * LLVMFuzzerTestOneInput (and LLVMFuzzerInitialize when it sets something
 * up once). It is linked with libFuzzer in the fuzzing build (-DDL_FUZZ=ON,
 * clang) and with fuzz/replay.c in every other build, where ctest replays
 * the regression inputs of tests/fuzz/<name>/ and the generated seed
 * corpus through it (fuzz/README.md).
 *
 * Template encoding (fuzz_value). The byte 0x01 starts a hole; the byte
 * after it says what is known of the hole (model/template.h):
 *
 *     ?  nothing (any byte without a meaning below means nothing too)
 *     d  digits          b  bool          o  one-of OPEN|CLOSED
 *     O  one-of with awkward values ("", "a|b", "<x>", "\x01")
 *     e  enum Status=ACTIVE|INACTIVE|BANNED
 *     t  date %Y-%m-%d   T  date %Y-%m-%dT%H:%M:%SZ   y  date %Y
 *     s  shard 16        2  shard 2       1  shard 1
 *
 * and "\x01\x01" is one 0x01 byte of known text. Every other byte is known
 * text, NUL and invalid UTF-8 included; byte i of the input is located at
 * line `line`, column i + 1 of FUZZ_FILE.
 *
 * Ownership: everything made from the input lives in the arena passed in.
 */
#ifndef DL_FUZZ_FUZZ_H
#define DL_FUZZ_FUZZ_H

#include "checks/check.h"
#include "core/error.h"
#include "model/request.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dl_arena;
struct dl_pipeline;
struct dl_ruleset;

/* The file name every location made from fuzz input names. */
#define FUZZ_FILE "fuzz.cpp"
/* The byte that starts a hole in fuzz_value's encoding. */
#define FUZZ_HOLE 0x01

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/** fuzz_value - the template that n bytes at p encode (above), located on
 * line `line`. n == 0 gives empty known text. */
struct dl_value fuzz_value(struct dl_arena *a, const uint8_t *p, size_t n, unsigned line);

/** fuzz_split - the next part of *p (*n bytes left) up to the byte sep or
 * the end: *part and *part_len receive it, *p and *n move past it and the
 * separator. Returns: false when nothing is left (*n was 0). */
bool fuzz_split(const uint8_t **p, size_t *n, uint8_t sep, const uint8_t **part, size_t *part_len);

/** fuzz_op - the operation a selector byte names: Q Query, S Scan, G
 * GetItem, P PutItem, U UpdateItem, D DeleteItem, W TransactWriteItems,
 * R TransactGetItems, B BatchWriteItem, b BatchGetItem, E ExecuteStatement,
 * X ExecuteTransaction, x BatchExecuteStatement; any other byte picks an
 * operation by its value. */
enum dl_op fuzz_op(uint8_t c);

/**
 * fuzz_request - the request that data describes, in a:
 *   byte 0: the operation (fuzz_op); then records separated by 0x1e, each
 *   a selector byte and its payload:
 *     k f c p u   KeyCondition, Filter, Condition, Projection and Update
 *                 expressions; t TableName, i IndexName, s Statement,
 *                 l Limit, r ConsistentRead; another byte that is not a
 *                 selector below: the field of that number modulo the
 *                 number of fields. The payload is the value (fuzz_value).
 *     N           an ExpressionAttributeNames entry: key 0x1f name
 *     V K I       an ExpressionAttributeValues, Key or Item entry:
 *                 key 0x1f type 0x1f value (type "S", "N"...; another
 *                 text is an unknown type; a part left out is unknown)
 *     ?F          field F (as above) is DYNAMIC
 *     ~N ~V ~K ~I that map is DYNAMIC (entries listed are the known ones)
 *     ~!          the request escaped (dl_request_mark_escaped, at the end)
 *     +O          a new batch or transaction member of operation O; the
 *                 records after it describe the member (32 at most)
 * Record number r (from 1) is located on line r + 1.
 * Returns: the request (transfer none: it lives in a). Never fails.
 */
struct dl_request *fuzz_request(struct dl_arena *a, const uint8_t *data, size_t size);

/** fuzz_request_init - dl_request_init(req, op), then located at line
 * `line` of FUZZ_FILE in a function "fuzz" of the recognizer "fuzz",
 * client_method the operation's name. */
void fuzz_request_init(struct dl_request *req, enum dl_op op, unsigned line);

/** fuzz_check_ids - the ids of every check of the catalogue, in its order;
 * *n receives how many. Static storage, made on first use. */
const char *const *fuzz_check_ids(size_t *n);

/** fuzz_rules - the rules file every request target checks against: a
 * table 'orders' (partition key pk, sort key sk, a global index 'byG', a
 * sparse global index 'bySparse', a local index 'byL'), a default table,
 * hot keys and options of the partition-key checks. Loaded on first use;
 * lives until exit. Aborts if it does not load (a bug of the harness). */
const struct dl_ruleset *fuzz_rules(void);

/** fuzz_pipeline - a pipeline over fuzz_rules() running every check, its
 * findings freed as they come (after their text is rendered once). Made on
 * first use; lives until exit. */
const struct dl_pipeline *fuzz_pipeline(void);

/** fuzz_pipeline_init - dl_pipeline_init over rs (every check it enables,
 * configured from it) whose findings are rendered once and freed. */
enum dl_status fuzz_pipeline_init(struct dl_pipeline *p, const struct dl_ruleset *rs,
                                  struct dl_error *err);

/** fuzz_check_with - fuzz_check through pipeline p. */
void fuzz_check_with(const struct dl_pipeline *p, struct dl_arena *a, struct dl_request *req);

/** fuzz_check - normalize req (dl_model_normalize), run every check on it
 * (dl_pipeline_check), and render its dump and signature as the CLI
 * would. */
void fuzz_check(struct dl_arena *a, struct dl_request *req);

/** fuzz_file - write n bytes to a new file named `name` in a directory of
 * this process's own (made on first use under $TMPDIR, else /dev/shm when
 * writable, else /tmp; removed at exit).
 * Returns: its path (static storage, valid until the next call); aborts
 * when the file cannot be written. */
const char *fuzz_file(const char *name, const uint8_t *data, size_t n);

/** fuzz_dir - the directory fuzz_file writes into (static storage). */
const char *fuzz_dir(void);

#endif
