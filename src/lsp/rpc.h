/* rpc.h - the Language Server Protocol's base protocol: JSON-RPC 2.0
 * messages framed by a header part ("Content-Length: N\r\n", optionally
 * "Content-Type: ...\r\n", then "\r\n") and N bytes of JSON
 * (LSP 3.17, "Base Protocol"; JSON-RPC 2.0, "Error object").
 * SPDX-License-Identifier: MIT
 *
 * The reader takes bytes as they arrive and hands out whole message
 * bodies; what a hostile or broken client sends never stops it: a header
 * part with no valid Content-Length is dropped with an error and reading
 * goes on after it, a body larger than the reader's bound is skipped byte
 * by byte as it arrives (never held), a header part longer than
 * DL_LSP_MAX_HEADER without its blank line is dropped. The caller answers
 * each error with a JSON-RPC error (dl_lsp_error_response with a null id).
 */
#ifndef DL_LSP_RPC_H
#define DL_LSP_RPC_H

#include "../core/strbuf.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

/* The longest header part read: the protocol has two short fields. */
#define DL_LSP_MAX_HEADER 8192
/* The largest body read unless the reader is told otherwise: far above a
 * source file an editor holds (didOpen carries the whole text). */
#define DL_LSP_MAX_BODY (64u << 20)

/* JSON-RPC 2.0 and LSP error codes. */
enum dl_lsp_code {
        DL_LSP_PARSE_ERROR = -32700,
        DL_LSP_INVALID_REQUEST = -32600,
        DL_LSP_METHOD_NOT_FOUND = -32601,
        DL_LSP_INVALID_PARAMS = -32602,
        DL_LSP_INTERNAL_ERROR = -32603,
        DL_LSP_SERVER_NOT_INITIALIZED = -32002,
        DL_LSP_REQUEST_CANCELLED = -32800,
};

struct dl_lsp_reader {
        struct dl_strbuf in; /* bytes received and not yet used */
        size_t max_body;     /* bodies above it are skipped */
        size_t skip;         /* bytes of a skipped body still to come */
};

enum dl_lsp_frame {
        DL_LSP_FRAME_NONE,  /* no whole message yet: feed more bytes */
        DL_LSP_FRAME_BODY,  /* a message body */
        DL_LSP_FRAME_ERROR, /* a framing error (a message was dropped) */
};

/** dl_lsp_reader_init - an empty reader bounding bodies at max_body bytes (0: DL_LSP_MAX_BODY). */
void dl_lsp_reader_init(struct dl_lsp_reader *r, size_t max_body);
/** dl_lsp_reader_fini - release the buffered bytes. */
void dl_lsp_reader_fini(struct dl_lsp_reader *r);
/** dl_lsp_reader_feed - append n bytes received (copied). */
void dl_lsp_reader_feed(struct dl_lsp_reader *r, const char *p, size_t n);

/**
 * dl_lsp_reader_next - the next message of what was fed.
 * @param body  on DL_LSP_FRAME_BODY, receives the body (transfer full,
 *              NUL-terminated; it may hold NUL bytes before *len).
 * @param why   on DL_LSP_FRAME_ERROR, receives a static description
 *              ("the header has no Content-Length").
 * Returns: what was found; call again until DL_LSP_FRAME_NONE.
 */
enum dl_lsp_frame dl_lsp_reader_next(struct dl_lsp_reader *r, char **body, size_t *len,
                                     const char **why);

/**
 * dl_lsp_frame - msg framed for the wire: the header part and msg's
 * compact JSON, appended to out. msg is borrowed.
 */
void dl_lsp_frame(const json_t *msg, struct dl_strbuf *out);

/** dl_lsp_response - {"jsonrpc":"2.0","id":id,"result":result}; steals result, copies id. */
json_t *dl_lsp_response(const json_t *id, json_t *result);
/**
 * dl_lsp_error_response - {"jsonrpc":"2.0","id":id,"error":{"code","message"}};
 * id NULL gives a null id (an error about a message whose id is unknown).
 */
json_t *dl_lsp_error_response(const json_t *id, enum dl_lsp_code code, const char *message);
/** dl_lsp_notification - {"jsonrpc":"2.0","method":method,"params":params}; steals params. */
json_t *dl_lsp_notification(const char *method, json_t *params);

#endif
